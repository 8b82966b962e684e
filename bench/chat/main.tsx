import { createRoot } from 'react-dom/client';
import type { Communication } from '../../src/fhir';
import { BaseChat } from '../../src/react';
import '../../src/styles/styles.css';
import '../../src/styles/controls.css';
import '../../src/styles/chat.css';

// The page the benchmark drives: ?size=N renders BaseChat with N messages and records the time
// from the start of rendering to the first paint showing the newest message.
const size = Number(new URLSearchParams(location.search).get('size') ?? 5000);
const me = { reference: 'Patient/1', display: 'Homer Simpson' };
const doctor = { reference: 'Practitioner/2', display: 'Dr. Julius Hibbert' };
const start0 = Date.UTC(2025, 0, 1);
const messages: Communication[] = Array.from({ length: size }, (_, i) => ({
  resourceType: 'Communication',
  id: `m${i}`,
  status: 'completed',
  sent: new Date(start0 + i * 37 * 60_000).toISOString(),
  received: new Date(start0 + i * 37 * 60_000 + 60_000).toISOString(),
  sender: i % 2 ? doctor : me,
  recipient: [i % 2 ? me : doctor],
  payload: [{ contentString: `Message ${i + 1}: ${'how are the readings this week? '.repeat(1 + (i % 4))}` }],
}));

const start = performance.now();
createRoot(document.getElementById('root')!).render(
  <BaseChat title="Dr. Julius Hibbert" communications={messages} profile={me.reference} locale="en-US" />
);
const newest = `Message ${size}:`;
const wait = () => {
  const bubbles = document.querySelectorAll('.fpk-chat-bubble');
  const shown = [...bubbles].some((b) => b.textContent?.startsWith(newest));
  if (shown) {
    requestAnimationFrame(() =>
      setTimeout(() => {
        (window as any).firstPaintMs = performance.now() - start;
        (window as any).rowsInDom = document.querySelectorAll('.fpk-chat-message').length;
      })
    );
  } else requestAnimationFrame(wait);
};
requestAnimationFrame(wait);
