import { Link, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { authButtonTexts } from './navigation';
import { useAuthState } from './useAuthState';

interface AuthButtonProps {
  className?: string;
  onNavigate?: () => void;
}

/** The header's one button with three states (spec §2, site shell). */
export function AuthButton({ className, onNavigate }: AuthButtonProps) {
  const state = useAuthState();
  const router = useRouter();

  if (state.kind === 'admin') {
    // The admin area is another team's route tree; a history push keeps the SPA without
    // tying this component's types to that tree.
    const openAdmin = (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      onNavigate?.();
      router.history.push('/admin');
    };
    return (
      <a href="/admin" className={className} onClick={openAdmin} data-auth-state="admin">
        {authButtonTexts.admin}
      </a>
    );
  }
  if (state.kind === 'learner') {
    return (
      <Link to="/dashboard" className={className} onClick={onNavigate} data-auth-state="learner">
        {authButtonTexts.learner}
      </Link>
    );
  }
  return (
    <Link to="/auth" className={className} onClick={onNavigate} data-auth-state="guest">
      {authButtonTexts.guest}
    </Link>
  );
}
