import { useState } from 'react';
import { logout } from '../api/auth-client';
import Button from '../components/Button';

/** Logout: one click is enough (it stays busy while the server revokes the token). */
export default function LogoutButton() {
  const [leaving, setLeaving] = useState(false);
  const leave = () => {
    setLeaving(true);
    void logout();
  };
  return (
    <Button variant="secondary" onClick={leave} disabled={leaving} aria-busy={leaving}>
      Logout
    </Button>
  );
}
