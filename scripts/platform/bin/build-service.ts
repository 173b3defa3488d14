/** Compiles one service to JavaScript (its container build): node --import tsx scripts/platform/bin/build-service.ts <name> */
import { buildService } from '../src/build-services';
import { builtServices, loadRegistry } from '../src/registry';

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
