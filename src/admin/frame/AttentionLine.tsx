import { Fragment } from 'react';
import { NOTHING_TO_ATTEND, attentionParts } from './attention';
import type { FrameCounts } from './counts';

/** "Needs attention today: 2 new enquiries, 1 e-mail not delivered", each part a link. */
export default function AttentionLine({ counts }: { counts: FrameCounts }) {
  const parts = attentionParts(counts);
  return (
    <p className="admin-attention">
      {parts.length === 0 ? (
        NOTHING_TO_ATTEND
      ) : (
        <>
          <strong>Needs attention today:</strong>{' '}
          {parts.map(({ text, href }, index) => (
            <Fragment key={text}>
              {index > 0 && ', '}
              <a href={href}>{text}</a>
            </Fragment>
          ))}
        </>
      )}
    </p>
  );
}
