import { describe, expect, it } from 'vitest';
import { NOTHING_TO_ATTEND, attentionParts } from '../../src/admin/frame/attention';
import { UNKNOWN_COUNTS, type FrameCounts } from '../../src/admin/frame/counts';

type Known = Partial<Omit<FrameCounts, 'fresh' | 'waiting'>> & {
  enquiries?: number;
  messages?: number;
  applications?: number;
  waitingEnquiries?: number;
  waitingMessages?: number;
  waitingApplications?: number;
};

/** Counts as the frame reads them, the kinds' by name. */
const counts = ({
  enquiries = null as unknown as number,
  messages = null as unknown as number,
  applications = null as unknown as number,
  waitingEnquiries = null as unknown as number,
  waitingMessages = null as unknown as number,
  waitingApplications = null as unknown as number,
  ...rest
}: Known): FrameCounts => ({
  ...UNKNOWN_COUNTS,
  ...rest,
  fresh: { enquiries, messages, applications },
  waiting: {
    enquiries: waitingEnquiries,
    messages: waitingMessages,
    applications: waitingApplications,
  },
});

describe("the dashboard's needs-attention line", () => {
  it('says nothing needs attention when every count is zero or unknown', () => {
    expect(attentionParts(UNKNOWN_COUNTS)).toEqual([]);
    expect(
      attentionParts(
        counts({
          enquiries: 0,
          messages: 0,
          waitingEnquiries: 0,
          undelivered: 0,
          backupOverdue: false,
        }),
      ),
    ).toEqual([]);
    expect(NOTHING_TO_ATTEND).toBe('Nothing needs attention today.');
  });

  it('names each thing once, in words, linking to the room concerned', () => {
    expect(
      attentionParts(
        counts({
          enquiries: 3,
          messages: 1,
          waitingEnquiries: 2,
          waitingMessages: 1,
          applications: 2,
          waitingApplications: 1,
          undelivered: 1,
          undeliveredMore: true,
          backupOverdue: true,
        }),
      ),
    ).toEqual([
      { text: '3 new enquiries', href: '/admin#enquiries-heading' },
      { text: '1 unread message', href: '/admin/messages' },
      { text: '2 new applications', href: '/admin/applications' },
      { text: '2 enquiries New for over a working day', href: '/admin#enquiries-heading' },
      { text: '1 message New for over a working day', href: '/admin/messages' },
      { text: '1 application New for over a working day', href: '/admin/applications' },
      { text: '1 or more e-mails not delivered', href: '/admin/mail' },
      { text: 'the backup is overdue', href: '/admin/security#backup-heading' },
    ]);
  });

  it('uses the singular for one and the plural otherwise', () => {
    expect(attentionParts(counts({ enquiries: 1, waitingEnquiries: 1, undelivered: 2 }))).toEqual([
      { text: '1 new enquiry', href: '/admin#enquiries-heading' },
      { text: '1 enquiry New for over a working day', href: '/admin#enquiries-heading' },
      { text: '2 e-mails not delivered', href: '/admin/mail' },
    ]);
  });
});
