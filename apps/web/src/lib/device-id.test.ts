import { describe, expect, it } from 'vitest';
import { deviceId } from './device-id';

describe('gift card device id', () => {
  it('is made once and kept for the next visit', () => {
    const first = deviceId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(deviceId()).toBe(first);
    expect(localStorage.getItem('giftcard_device_id')).toBe(first);
  });

  it('replaces a value that is not an id', () => {
    localStorage.setItem('giftcard_device_id', 'not-a-uuid');
    expect(deviceId()).not.toBe('not-a-uuid');
  });

  it('still answers one id for the page when storage is blocked', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const id = deviceId(blocked);
    expect(deviceId(blocked)).toBe(id);
  });
});
