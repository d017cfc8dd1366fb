import http from "node:http";
import { expect } from "vitest";
import { freePort } from "./local-servers.ts";

/** One request that reached a fake shop process. */
export interface Arrival {
  process: string;
  method: string;
  url: string;
  body: string;
}

/**
 * Shop processes as a reverse proxy sees them, for the HAProxy and nginx configuration tests
 * (decision 049): each reads every request whole and records it, then answers "ok" — or, for a
 * dying one, drops the connection without an answer, as a process killed after its commit would.
 * `/healthz` (HAProxy's check) is always answered and not recorded.
 */
export async function fakeBackends(processes: { name: string; answers: boolean }[]) {
  const arrivals: Arrival[] = [];
  const servers = processes.map(({ name, answers }) =>
    http.createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        if (request.url === "/healthz") return void response.end("ok");
        arrivals.push({ process: name, method: request.method ?? "", url: request.url ?? "", body });
        if (answers) response.end("ok");
        else response.socket?.destroy();
      });
    }),
  );
  const ports: number[] = [];
  for (const server of servers) {
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    ports.push(port);
  }
  return {
    ports,
    arrivals,
    close: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))),
  };
}

/**
 * What the proxy must have done with one request while one process is dying: a read may be tried
 * again, so it ends at the healthy process with 200; a write reaches one process only — answered
 * by the healthy one (200) or dropped by the dying one (502), never sent twice.
 */
export function expectOnlyReadsRetried(method: string, status: number, arrivals: Arrival[]) {
  const reached = arrivals.map((arrival) => arrival.process);
  if (method === "GET" || method === "HEAD") {
    expect(status, `${method} ${reached.join(",")}`).toBe(200);
    expect(reached.at(-1)).toBe("healthy");
  } else {
    expect(reached, method).toHaveLength(1);
    expect(status, method).toBe(reached[0] === "healthy" ? 200 : 502);
  }
}
