/** Compiles one service to JavaScript (its container build): node --import tsx scripts/build-service.ts <name> */
import { buildService } from './lib/build-services';
import { builtServices, loadRegistry } from './lib/registry';

const name = process.argv[2];
const service = builtServices(loadRegistry()).find((s) => s.name === name);
if (!service) {
  process.stderr.write(
    `usage: build-service.ts <service>; ${name ?? '(none)'} is not in platform.json\n`,
  );
  process.exit(2);
}
buildService(service).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
