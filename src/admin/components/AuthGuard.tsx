import { useEffect, useState, type ReactNode } from 'react';
import { getToken, loginPath } from '../api/auth-client';

interface Props {
  children: ReactNode;
}

/**
 * Authentication guard: 'Checking authentication...' (also the server-rendered HTML),
 * then the content when a token is stored, else a replace to /login that remembers this page.
 */
export default function AuthGuard({ children }: Props) {
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    if (getToken()) setAllowed(true);
    else location.replace(loginPath());
  }, []);

  if (!allowed) {
    return (
      <p className="admin-status" role="status">
        Checking authentication...
      </p>
    );
  }
  return <>{children}</>;
}
