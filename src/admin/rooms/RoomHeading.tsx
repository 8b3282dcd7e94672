import type { ReactNode } from 'react';

/** A room's header: its one h1, and whatever stands beside it. */
export default function RoomHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="admin-header">
      <h1>{title}</h1>
      {children}
    </header>
  );
}
