import { describe, expect, it } from 'vitest';
import { isPrivateWebhookUrl, isPublicAddress } from './webhook-address-policy';

describe('webhook address policy', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://017700000001/',
    'http://0x7f000001/',
    'http://0x7f.0.0.1/',
    'http://0/',
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://192.0.2.10/',
    'http://255.255.255.255/',
    'http://224.0.0.1/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::127.0.0.1]/',
    'http://[::7f00:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[2002:a00:1::1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a00:1]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456:789a::1]/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
    'http://[100::1]/',
    'http://localhost/',
    'http://localhost./',
    'http://api.localhost/',
    'http://intranet/',
    'http://printer.local/',
  ])('refuses %s', (url) => {
    expect(isPrivateWebhookUrl(new URL(url))).toBe(true);
  });

  it.each([
    'https://merchant.example.com/hooks',
    'https://93.184.215.14/hooks',
    'https://8.8.8.8/',
    'https://[2606:4700:4700::1111]/',
  ])('accepts the public address %s', (url) => {
    expect(isPrivateWebhookUrl(new URL(url))).toBe(false);
  });

  it('judges resolved addresses the same way', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const address of ['127.0.0.1', '::7f00:1', '::ffff:127.0.0.1', '2002:7f00:1::', 'nope']) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});
