// A Hugging Face hub stand-in on 127.0.0.1: serves /{model}/resolve/{revision}/{file} from a
// generated tiny model, as huggingface.co would (BIOINTEL_NLI_REMOTE_HOST points at it). The
// ONNX weights can be held back to keep a download "in progress" for as long as a test needs.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempDir } from './context.js';
import { writeTinyNli } from './tiny-nli.js';

export const HUB_MODEL = 'fixture/tiny-nli';

export interface FakeHub {
  url: string;
  /** Paths asked, in order. */
  requests: string[];
  /** Holds back .onnx files until release() is called; resolves when one is asked for. */
  hold(): { arrived: Promise<void>; release: () => void };
  close(): Promise<void>;
}

export async function startFakeHub(): Promise<FakeHub> {
  const root = tempDir('biointel-hub-');
  writeTinyNli(path.join(root, HUB_MODEL));
  const requests: string[] = [];
  let gate: { arrived: () => void; released: Promise<void> } | undefined;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://hub');
    requests.push(url.pathname);
    if (gate && url.pathname.endsWith('.onnx')) {
      gate.arrived();
      await gate.released;
    }
    const m = /^\/(.+?)\/resolve\/([^/]+)\/(.+)$/.exec(url.pathname);
    const file = m?.[1] && m[3] ? path.join(root, m[1], m[3]) : '';
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('Entry not found');
      return;
    }
    const body = readFileSync(file);
    if (req.headers.range === 'bytes=0-0') {
      res.writeHead(206, { 'content-length': '1', 'content-range': `bytes 0-0/${body.length}` }).end(body.subarray(0, 1));
      return;
    }
    res.writeHead(200, { 'content-length': String(body.length), 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    hold() {
      let release!: () => void;
      let arrived!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const arrival = new Promise<void>((r) => (arrived = r));
      gate = { arrived, released };
      return {
        arrived: arrival,
        release: () => {
          gate = undefined;
          release();
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
