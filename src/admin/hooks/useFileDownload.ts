import { useState } from 'react';
import { ApiError, API_MESSAGES } from '../api/client';
import { saveFile } from '../save-file';

/**
 * A download fetched with the admin's token (a plain link could not send it) and saved as a file:
 * `busy` while it runs, `error` in words when it failed (the server's, or the network's).
 */
export function useFileDownload(fetchFile: () => Promise<{ blob: Blob; filename: string }>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function download() {
    setBusy(true);
    setError('');
    try {
      const { blob, filename } = await fetchFile();
      saveFile(blob, filename);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : API_MESSAGES.network);
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, download: () => void download() };
}
