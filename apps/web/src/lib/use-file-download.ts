import { useState } from 'react';
import { errorMessage } from './api-error';
import { saveFile } from './save-file';

/**
 * A file fetched from the API and handed to the browser to save: which download is under way
 * (`K` names them, e.g. a statement's format) and why the last one failed.
 */
export function useFileDownload<K extends string = 'file'>() {
  const [busy, setBusy] = useState<K | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = (key: K, fetchFile: () => Promise<{ file: Blob; name: string }>) => {
    setBusy(key);
    setError(null);
    fetchFile()
      .then(({ file, name }) => saveFile(file, name))
      .catch((cause: unknown) => setError(errorMessage(cause)))
      .finally(() => setBusy(null));
  };

  return { busy, error, download };
}
