// A scripted SMTP server for fault injection: it speaks just enough SMTP for nodemailer (greeting,
// EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no STARTTLS, no AUTH), records each message it
// accepts (the final 250 after DATA), and can misbehave at the protocol level as a real server,
// or something else listening on its port, may: `inject(fault)` until `clear()`. smtp-server keeps
// to the protocol, so the broken replies are written by hand on a raw socket here.
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { hugeAnswerBytes, outsideFaults } from './outside-faults';

export interface FakeSmtpMessage {
  from: string;
  to: string[];
  /** The message as sent (headers and body, dot-stuffing undone). */
  data: string;
  /** The Message-ID header's value. */
  messageId: string;
}

/**
 * Every way an SMTP server can answer wrongly. wrongShape: a garbage line (no reply code) in place
 * of MAIL's reply. missingFields: the bare code as every reply, no text, no extensions (valid
 * SMTP: the message goes). extraFields: unknown extensions and chatter after the codes (goes).
 * html: an HTTP server's page in place of the greeting. empty: the connection closed before any
 * greeting. huge: a never-ending multi-line reply to EHLO. unknownStatus: a code SMTP does not
 * define (699) to MAIL. duplicateId: every acceptance names the same queue id (goes). slow: no
 * greeting at all, the connection kept open. dropped: the connection dropped in the middle of
 * DATA. droppedAfter: the message accepted (recorded) and the connection dropped before the final
 * reply — delivered, but the client cannot know. unasked: an unsolicited 250 line after the
 * greeting, before anything was asked. temporary / permanent: 451 / 550 to RCPT.
 */
export const smtpFaults = [...outsideFaults, 'temporary', 'permanent'] as const;
export type SmtpFault = (typeof smtpFaults)[number];
export const hugeSmtpReplyBytes = hugeAnswerBytes;

export interface FakeSmtp {
  port: number;
  /** Messages accepted (a final 250 sent, or droppedAfter's), oldest first. */
  messages: FakeSmtpMessage[];
  /** Connections opened so far. */
  connections: () => number;
  inject: (fault: SmtpFault) => void;
  /** Ends the fault, and drops the connections held by `slow`. */
  clear: () => void;
  hugeBytesSent: () => number;
  close: () => Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: FakeSmtpMessage[] = [];
  const sockets = new Set<Socket>();
  const held = new Set<Socket>();
  let fault: SmtpFault | undefined;
  let opened = 0;
  let hugeBytes = 0;
  let queued = 0;

  const server = createServer((socket) => {
    opened += 1;
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      held.delete(socket);
    });
    socket.on('error', () => undefined);
    // The fault at the connection's start holds for the whole conversation.
    const mine = fault;
    const write = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const reply = (code: number, text: string) => write(mine === 'missingFields' ? String(code) : mine === 'extraFields' ? `${code} ${text} [x-trace=42; relay=edge-3]` : `${code} ${text}`);

    if (mine === 'html') {
      socket.end('HTTP/1.1 400 Bad Request\r\nContent-Type: text/html\r\n\r\n<!doctype html><html><body><h1>400 Bad Request</h1></body></html>\r\n');
      return;
    }
    if (mine === 'empty') return void socket.end();
    if (mine === 'slow') return void held.add(socket);
    reply(220, 'fake-smtp.test ESMTP ready');
    if (mine === 'unasked') write('250 OK message accepted');

    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    const onLine = (line: string) => {
      // What arrived with the line that dropped the connection is never read.
      if (socket.destroyed) return;
      if (inData) {
        if (line !== '.') {
          dataLines.push(line.startsWith('..') ? line.slice(1) : line);
          if (mine === 'dropped' && dataLines.length >= 3) socket.destroy();
          return;
        }
        inData = false;
        const data = dataLines.join('\r\n');
        const messageId = /^Message-ID:\s*(<[^>]*>)/im.exec(data)?.[1] ?? '';
        messages.push({ from, to, data, messageId });
        if (mine === 'droppedAfter') return void socket.destroy();
        queued += 1;
        return reply(250, `2.0.0 Ok: queued as ${mine === 'duplicateId' ? 'Q1' : `Q${queued}`}`);
      }
      const verb = line.slice(0, 4).toUpperCase();
      switch (verb) {
        case 'EHLO':
          if (mine === 'huge') return hugeReply();
          if (mine === 'missingFields') return write('250');
          write('250-fake-smtp.test');
          if (mine === 'extraFields') write('250-X-UNKNOWN-EXTENSION 7');
          write('250-8BITMIME');
          return write('250 SMTPUTF8');
        case 'HELO':
          return reply(250, 'fake-smtp.test');
        case 'MAIL':
          if (mine === 'wrongShape') return write('hello? this is not an SMTP reply');
          if (mine === 'unknownStatus') return write('699 9.9.9 what');
          from = line.slice(10).trim();
          to = [];
          return reply(250, '2.1.0 Ok');
        case 'RCPT':
          if (mine === 'temporary') return reply(451, '4.3.0 try again later');
          if (mine === 'permanent') return reply(550, '5.1.1 no such mailbox');
          to.push(line.slice(8).trim());
          return reply(250, '2.1.5 Ok');
        case 'DATA':
          inData = true;
          dataLines = [];
          return reply(354, 'End data with <CR><LF>.<CR><LF>');
        case 'RSET':
        case 'NOOP':
          return reply(250, '2.0.0 Ok');
        case 'QUIT':
          reply(221, '2.0.0 Bye');
          return void socket.end();
        default:
          return reply(502, '5.5.2 command not recognised');
      }
    };
    const hugeReply = () => {
      const line = `250-${'A'.repeat(1000)}\r\n`;
      let sent = 0;
      const pump = () => {
        while (!socket.destroyed) {
          sent += line.length;
          hugeBytes += line.length;
          if (sent > hugeSmtpReplyBytes) return void socket.end('250 done\r\n');
          if (!socket.write(line)) return void socket.once('drain', pump);
        }
      };
      pump();
    };
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        onLine(line);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address: AddressInfo | string | null = server.address();
  if (!address || typeof address === 'string') throw new Error('fake SMTP server has no port');
  return {
    port: address.port,
    messages,
    connections: () => opened,
    inject: (f) => {
      fault = f;
    },
    clear: () => {
      fault = undefined;
      for (const socket of held) socket.destroy();
      held.clear();
    },
    hugeBytesSent: () => hugeBytes,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
