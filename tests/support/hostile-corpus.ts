/**
 * The hostile files issue 39 lists, made by the tests (nothing of them is committed): each with
 * the reason it must be refused for (functions/_lib/cv/refusal.ts's codes).
 */
import type { CvRefusalCode } from '../../functions/_lib/cv/index.ts';
import { makeDocx, makePdf, makeZip } from './hostile-files.ts';

const MB = 1024 * 1024;

export interface HostileFile {
  /** Its name as the applicant's browser would send it (the name lies; the bytes decide). */
  name: string;
  refused: CvRefusalCode;
  bytes: () => Buffer;
}

export const HOSTILE_CORPUS: readonly HostileFile[] = [
  {
    name: 'flat-bomb.docx',
    refused: 'bomb',
    bytes: () => makeDocx([{ name: 'word/media/a.bin', data: Buffer.alloc(51 * MB) }]),
  },
  {
    name: 'nested-bomb.docx',
    refused: 'nested',
    bytes: () => {
      const inner = makeZip([{ name: 'zeros.bin', data: Buffer.alloc(10 * MB) }]);
      const middle = makeZip(
        Array.from({ length: 10 }, (_, i) => ({ name: `${i}.zip`, data: inner })),
      );
      return makeDocx([{ name: 'word/embeddings/x.zip', data: middle }]);
    },
  },
  {
    name: 'traversal.docx',
    refused: 'path',
    bytes: () => makeDocx([{ name: '../../etc/cron.d/x', data: '* * * * * root sh' }]),
  },
  {
    name: 'script.pdf',
    refused: 'active-content',
    bytes: () => makePdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >> ' }),
  },
  {
    name: 'launch.pdf',
    refused: 'active-content',
    bytes: () => makePdf({ catalog: '/OpenAction << /S /Launch /F (cmd.exe) >> ' }),
  },
  {
    name: 'page.pdf',
    refused: 'type',
    bytes: () => Buffer.from('<!doctype html><script>fetch("/api/enquiries")</script>'),
  },
  {
    name: 'polyglot.pdf',
    refused: 'polyglot',
    bytes: () => Buffer.concat([makePdf(), makeDocx()]),
  },
  {
    name: 'five-mb-and-one-byte.pdf',
    refused: 'too-large',
    bytes: () => {
      const pdf = makePdf();
      return Buffer.concat([pdf, Buffer.alloc(5 * MB + 1 - pdf.length, 0x20)]);
    },
  },
  { name: 'empty.pdf', refused: 'empty', bytes: () => Buffer.alloc(0) },
];
