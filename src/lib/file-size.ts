/** A file's size as the office reads it, in the admin and in e-mails: "182 KB", "1.4 MB". */
export function sizeInWords(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
