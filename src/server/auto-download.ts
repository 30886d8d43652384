// When a server starts the NLI model's background download (BIOINTEL_NLI_AUTO_DOWNLOAD): shortly
// after it is up, not at once. A client's first requests (initialize, tools/list) arrive together
// at launch, and the download begins by importing transformers.js with its ONNX runtime, which
// blocks the event loop: on Node 22 it held the first tools/list answer back by about 100 ms
// (bench/speed). The timer never keeps a process alive, and cancel() is called on shutdown.

export const AUTO_DOWNLOAD_DELAY_MS = 1_500;

export function scheduleAutoDownload(nli: { startAutoDownload(): Promise<unknown> | undefined }, delayMs = AUTO_DOWNLOAD_DELAY_MS): { cancel(): void } {
  const timer = setTimeout(() => void nli.startAutoDownload(), delayMs);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
}
