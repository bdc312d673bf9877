import { authButtonTexts } from './navigation';
import { useAuthState } from './useAuthState';

interface AuthButtonProps {
  className?: string;
  onNavigate?: () => void;
}

const destinations = { admin: '/admin', learner: '/dashboard', guest: '/auth' } as const;

/**
 * The header's one button with three states (spec §2, site shell). Plain links: it lives in the
 * header island, without the router (src/islands/).
 */
export function AuthButton({ className, onNavigate }: AuthButtonProps) {
  const { kind } = useAuthState();
  return (
    <a href={destinations[kind]} className={className} onClick={onNavigate} data-auth-state={kind}>
      {authButtonTexts[kind]}
    </a>
  );
}
