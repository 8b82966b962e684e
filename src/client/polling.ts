import { sleep } from './retry';

/** How long to wait between status polls of an asynchronous request. */
export const POLL_STATUS_PERIOD = 1000;

/** Follows a 202 response's Content-Location, polling every `period` ms, until the server answers with anything but 202. */
export async function pollAccepted(
  response: Response,
  fetchStatus: (url: string) => Promise<Response>,
  period = POLL_STATUS_PERIOD,
  signal?: AbortSignal | null
): Promise<Response> {
  let statusUrl = response.headers.get('content-location');
  while (response.status === 202 && statusUrl) {
    await sleep(period, signal);
    response = await fetchStatus(statusUrl);
    statusUrl = response.headers.get('content-location') ?? statusUrl;
  }
  return response;
}
