import { downloadCsv } from '../api/leads';
import type { AnyLeadKind } from '../../lib/leads';
import { useFileDownload } from '../hooks/useFileDownload';
import Alert from '../components/Alert';
import Button from '../components/Button';

/** Saves GET /api/<store>.csv: fetched with the token (a plain link could not send it). */
export default function CsvDownloadButton({ kind }: { kind: AnyLeadKind }) {
  const { busy, error, download } = useFileDownload(() => downloadCsv(kind));
  return (
    <div className="admin-csv">
      <Button variant="secondary" onClick={download} disabled={busy}>
        Download CSV<span className="visually-hidden">{` of all ${kind.words.many}`}</span>
      </Button>
      <Alert message={error} />
    </div>
  );
}
