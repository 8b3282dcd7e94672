/**
 * Local admin credentials for `npm start`: when no admin settings are configured and this is
 * not a production context, a random password and token secret are made once per checkout and
 * kept in .netlify/local-admin.json (git-ignored). Production never gets a default password.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

interface LocalAdmin {
  username: string;
  password: string;
  jwtSecret: string;
}

export function ensureLocalAdmin(root: string): LocalAdmin & { generated: boolean } {
  const env = process.env;
  const configured = Boolean(
    env['ADMIN_USERNAME'] || env['ADMIN_PASSWORD_HASH'] || env['ADMIN_PASSWORD'],
  );
  const production = env['CONTEXT'] === 'production' || env['NODE_ENV'] === 'production';
  if (configured || production) {
    return {
      username: env['ADMIN_USERNAME'] ?? '',
      password: '',
      jwtSecret: env['JWT_SECRET'] ?? '',
      generated: false,
    };
  }

  const file = `${root}.netlify/local-admin.json`;
  let admin: LocalAdmin;
  if (existsSync(file)) {
    admin = JSON.parse(readFileSync(file, 'utf8')) as LocalAdmin;
  } else {
    admin = {
      username: 'admin',
      password: randomBytes(9).toString('base64url'),
      jwtSecret: randomBytes(48).toString('base64url'),
    };
    mkdirSync(`${root}.netlify`, { recursive: true });
    writeFileSync(file, `${JSON.stringify(admin, null, 2)}\n`, { mode: 0o600 });
  }
  env['ADMIN_USERNAME'] = admin.username;
  env['ADMIN_PASSWORD'] = admin.password;
  env['JWT_SECRET'] ??= admin.jwtSecret;
  return { ...admin, generated: true };
}
