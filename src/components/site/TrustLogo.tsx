import { useEffect, useRef, useState } from 'react';
import { company } from '../../../schema/rules/company';
import { offlineMark } from '../../../schema/serverRender';

export const trustLogoFailedText = 'عدم دسترسی به لوگوی زرین‌پال';

// 'off': the site loads nothing from the internet (offlineMark), so no badge is asked for.
type Status = 'waiting' | 'loading' | 'loaded' | 'failed' | 'off';

/**
 * Zarinpal's trust badge is a third-party script; it costs a request and blocks nothing only
 * if it loads when the footer is actually seen, so it waits until 10% of its box is visible
 * (spec §9) and is injected once.
 */
export function TrustLogo() {
  const containerRef = useRef<HTMLDivElement>(null);
  const injected = useRef(false);
  const [status, setStatus] = useState<Status>('waiting');

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return undefined;

    const inject = () => {
      if (injected.current) return;
      injected.current = true;
      // A site that loads nothing from the internet (the trial) asks for no badge, and says nothing.
      if (document.querySelector(offlineMark.selector)) {
        setStatus('off');
        return;
      }
      setStatus('loading');
      const script = document.createElement('script');
      script.src = company.trustCodeScript;
      script.async = true;
      script.onload = () => setStatus('loaded');
      script.onerror = () => setStatus('failed');
      container.appendChild(script);
    };

    if (typeof IntersectionObserver === 'undefined') {
      inject();
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          inject();
        }
      },
      { threshold: 0.1 },
    );
    observer.observe(container);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={containerRef} className="trust-logo" data-status={status}>
      {status === 'failed' && <p className="trust-logo__failed">{trustLogoFailedText}</p>}
    </div>
  );
}
