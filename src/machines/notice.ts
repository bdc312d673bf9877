/** What the machines ask the UI to show; the admin layout renders it as a react-toastify toast. */
export interface Notice {
  kind: 'success' | 'error';
  text: string;
  /** The server's reason, shown under the text (the spec's texts stay as they are). */
  detail?: string;
}
