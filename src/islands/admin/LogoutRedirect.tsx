import { useEffect } from 'react';
import { logout } from '../../admin/api/auth-client';

/**
 * Logout: revokes and removes the stored token and goes to /login; the page holds the
 * copy.
 */
export default function LogoutRedirect() {
  useEffect(() => void logout(), []);
  return null;
}
