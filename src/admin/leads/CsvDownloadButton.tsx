import { useState } from 'react';
import { ApiError, API_MESSAGES } from '../api/client';
import { downloadCsv } from '../api/leads';
import type { AnyLeadKind } from '../../lib/leads';
import { saveFile } from '../save-file';
import Alert from '../components/Alert';
import Button from '../components/Button';

/** Saves GET /api/<store>.csv: fetched with the token (a plain link could not send it). */
export default function CsvDownloadButton({ kind }: { kind: AnyLeadKind }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function download() {
    setBusy(true);
    setError('');
    try {
      const { blob, filename } = await downloadCsv(kind);
      saveFile(blob, filename);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : API_MESSAGES.network);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="admin-csv">
      <Button variant="secondary" onClick={() => void download()} disabled={busy}>
        Download CSV<span className="visually-hidden">{` of all ${kind.words.many}`}</span>
      </Button>
      <Alert message={error} />
    </div>
  );
}
