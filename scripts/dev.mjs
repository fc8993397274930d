// `npm run dev`: the API server (restarting on change) and Vite with hot
// reload on http://localhost:5173, which proxies /api to the server on :3000.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@rally/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@rally/web'], { stdio: 'inherit' }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 5000).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
