/**
 * The admin's rooms: one source of truth for each room's slug, path, title (its h1 and the
 * page's title), navigation label, the count its entry shows, and its content, loaded on demand
 * (a dynamic import, so each page downloads only its own room). A new room is one entry here
 * plus one folder, src/admin/rooms/<slug>/, holding its components; its data goes through one
 * module of src/admin/api/ (the lead rooms share leads.ts and the panel in src/admin/leads/).
 */
import type { ComponentType } from 'react';
import type { FrameCounts } from '../frame/counts';
import type { LeadKey } from '../../lib/leads';

/** What the frame gives a room. */
export interface RoomProps {
  /** The counts the navigation shows; a room that changes one calls `recount`. */
  counts: FrameCounts;
  recount: () => void;
}

export interface Room {
  slug: string;
  path: string;
  /** The room's h1 and the page's title. */
  title: string;
  description: string;
  /** Its entry in the navigation. */
  label: string;
  /** The count its navigation entry shows, and the words after it ("3 new"). */
  count?: { of: LeadKey | 'undelivered' | 'held'; words: string };
  load: () => Promise<{ default: ComponentType<RoomProps> }>;
}

export const ROOMS = [
  {
    slug: 'dashboard',
    path: '/admin',
    title: 'Welcome, Admin!',
    description: 'The admin dashboard: announcements and enquiries.',
    label: 'Dashboard',
    count: { of: 'enquiries', words: 'new' },
    load: () => import('./dashboard/DashboardRoom'),
  },
  {
    slug: 'messages',
    path: '/admin/messages',
    title: 'Messages',
    description: 'Contact messages sent through the website.',
    label: 'Messages',
    count: { of: 'messages', words: 'new' },
    load: () => import('./messages/MessagesRoom'),
  },
  {
    slug: 'applications',
    path: '/admin/applications',
    title: 'Applications',
    description: 'Job applications sent through the careers pages, with their CVs.',
    label: 'Applications',
    count: { of: 'applications', words: 'new' },
    load: () => import('./applications/ApplicationsRoom'),
  },
  {
    slug: 'mail',
    path: '/admin/mail',
    title: 'Undelivered e-mails',
    description: 'E-mails the site could not deliver, with Retry now.',
    label: 'Mail',
    count: { of: 'undelivered', words: 'undelivered' },
    load: () => import('./mail/MailRoom'),
  },
  {
    slug: 'held',
    path: '/admin/held',
    title: 'Spam / held',
    description: 'Submissions held as possible spam, with why: Not spam or Delete.',
    label: 'Spam / held',
    count: { of: 'held', words: 'held' },
    load: () => import('./held/HeldRoom'),
  },
  {
    slug: 'insights',
    path: '/admin/insights',
    title: 'Insights',
    description:
      'Where leads come from and what becomes of them: visits, sources, funnel, pipeline.',
    label: 'Insights',
    load: () => import('./insights/InsightsRoom'),
  },
  {
    slug: 'security',
    path: '/admin/security',
    title: 'Security and data',
    description: 'Passkeys, authenticator, recovery codes, sessions, backups and erasure.',
    label: 'Security',
    load: () => import('./security/SecurityRoom'),
  },
  {
    slug: 'audit',
    path: '/admin/audit',
    title: 'Audit log',
    description: 'Who did what in the admin, and when.',
    label: 'Audit log',
    load: () => import('./audit/AuditRoom'),
  },
] as const satisfies readonly Room[];

export type RoomSlug = (typeof ROOMS)[number]['slug'];

export const roomOf = (slug: RoomSlug): Room => ROOMS.find((room) => room.slug === slug)!;

/** The page's title in a room: the dashboard keeps its content page's (`dashboardTitle`). */
export const pageTitleOf = (room: Room, dashboardTitle: string): string =>
  room.slug === 'dashboard' ? dashboardTitle : `${room.title} · Admin`;
