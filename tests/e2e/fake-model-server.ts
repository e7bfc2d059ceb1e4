/**
 * The model the end-to-end consoles' assistant talks to (playwright.config.ts starts it):
 *   tsx tests/e2e/fake-model-server.ts <port>
 * It speaks the OpenAI chat completions protocol, streamed, as tests/helpers/fake-model.ts does.
 */
import { startFakeModel } from '../helpers/fake-model.ts';

const port = Number(process.argv[2]);
const options = { firstTokenMs: 50, pieceMs: 20 };
// Both loopback addresses (localhost may resolve to either), where the machine has IPv6.
const model = await startFakeModel(options, port, '::').catch(() => startFakeModel(options, port));
console.log(`fake model at ${model.url}`);
const stop = () => void model.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
