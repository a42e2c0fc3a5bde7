import { vi } from 'vitest';

export type SentForm = {
  url: string;
  headers: Record<string, string>;
  fields: Record<string, FormDataEntryValue>;
};
type Reply = { status: number; body: unknown };

/**
 * A stand-in for the server at the XMLHttpRequest boundary (api/uploadForm.ts: an upload's progress needs
 * XHR, not fetch). Answers `replies` in order, a 500 once they run out, and records what was sent.
 */
export function serveUploads(replies: Reply[]): SentForm[] {
  const sent: SentForm[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
    onload?: () => void;
    onerror?: () => void;
    onabort?: () => void;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      sent.push({ url: this.url, headers: this.headers, fields: Object.fromEntries(form.entries()) });
      const reply = replies.shift() ?? { status: 500, body: { message: 'no reply' } };
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 10, total: 10 });
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
