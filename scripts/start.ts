/** `npm start`: the Placar server with its refresh schedule (see src/server/run-server.ts). */
import path from 'node:path';
import { runServer } from '../src/server/run-server.ts';
import { runServeCommand } from '../src/server/serve-command.ts';

const projectRoot = path.resolve(import.meta.dirname, '..');

await runServeCommand((config, options) => runServer(config, { ...options, projectRoot }));
