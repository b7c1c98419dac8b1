import { createSocket } from 'node:dgram';
import dns2 from 'dns2';

const { Packet } = dns2;
/** Response codes (RFC 1035 §4.1.1); dns2's types do not declare its Packet.RCODE. */
const SERVFAIL = 2;
const NXDOMAIN = 3;

/**
 * A name's records. A TXT record is one string or its character-strings (a long DKIM key is split);
 * `servfail` makes the server answer SERVFAIL for the name, as a broken authoritative server would.
 */
export type ZoneEntry = { txt?: (string | string[])[]; mx?: string[]; servfail?: boolean };

/** A name's records of one type, as dns2 encodes them (TXT: `data`; MX: `exchange` and `priority`). */
function answersOf(entry: ZoneEntry, type: number) {
  if (type === Packet.TYPE.TXT) return (entry.txt ?? []).map((data) => ({ data }));
  if (type === Packet.TYPE.MX)
    return (entry.mx ?? []).map((exchange, i) => ({ exchange, priority: 10 * (i + 1) }));
  return [];
}

/**
 * A real DNS server on loopback (UDP) serving `zone`: a name not in it is NXDOMAIN, a type it lacks
 * is an empty answer (NODATA). `address` is what a resolver's setServers takes.
 */
export async function startDnsServer(zone: Record<string, ZoneEntry>) {
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const entry = question ? zone[question.name.toLowerCase()] : undefined;
      if (!question || !entry) {
        response.header.rcode = NXDOMAIN;
      } else if (entry.servfail) {
        response.header.rcode = SERVFAIL;
      } else {
        response.answers.push(
          ...answersOf(entry, question.type).map((record) =>
            Packet.createResourceFromQuestion(question, { ttl: 60, ...record }),
          ),
        );
      }
      void send(response);
    },
  });
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { address: `127.0.0.1:${addresses.udp?.port}`, close: () => server.close() };
}

/** A UDP address where nothing answers: bound and closed again, so the port is free. */
export async function unusedUdpAddress(): Promise<string> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(resolve));
  return `127.0.0.1:${port}`;
}

/** A UDP server that takes queries and never answers: a resolver behind a dropping firewall. */
export async function startSilentDnsServer() {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(resolve)),
  };
}
