import net from 'node:net';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startupMessage } from './startup-message.js';
import { createTestApp, type TestApp } from './test/helper.js';

const isLoopback = (address: string) => address === '127.0.0.1' || address === '::1';

function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const externalAddresses = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter(
      (entry): entry is os.NetworkInterfaceInfo => !!entry && !entry.internal && entry.family === 'IPv4',
    )
    .map((entry) => entry.address);

let running: TestApp | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

describe('start-up address (the development sign-in needs no password)', () => {
  it('listens on loopback only, IPv4 and IPv6, when HOST is not set', async () => {
    running = await createTestApp({ PORT: '0' });
    expect(running.config.host).toBe('localhost');
    await running.app.listen({ port: 0, host: running.config.host });
    const addresses = running.app.addresses().filter((a) => typeof a !== 'string');
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => isLoopback(a.address))).toBe(true);
    const port = addresses[0]!.port;
    expect(await connects('127.0.0.1', port)).toBe(true);
    for (const address of externalAddresses()) expect(await connects(address, port)).toBe(false);
    const message = startupMessage(running.config, addresses);
    expect(message).toContain('loopback only');
    expect(message).toContain('set HOST to listen elsewhere');
  });

  it('listens where HOST says when it is set', async () => {
    running = await createTestApp({ HOST: '0.0.0.0' });
    await running.app.listen({ port: 0, host: running.config.host });
    const addresses = running.app.addresses().filter((a) => typeof a !== 'string');
    expect(addresses.map((a) => a.address)).toEqual(['0.0.0.0']);
    expect(startupMessage(running.config, addresses)).not.toContain('loopback only');
  });
});
