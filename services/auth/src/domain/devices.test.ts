/** Sessions in words: the browser from its User-Agent, the place from the address alone. */
import { describeAddress, describeUserAgent } from './devices';

it.each([
  ['127.0.0.1', 'This computer'],
  ['::1', 'This computer'],
  ['::ffff:127.0.0.1', 'This computer'],
  ['10.1.2.3', 'Local network'],
  ['172.20.0.5', 'Local network'],
  ['192.168.1.20', 'Local network'],
  ['fd12:3456::1', 'Local network'],
  ['fe80::1%eth0', 'Local network'],
  ['203.0.113.7', 'Address 203.0.113.x'],
  ['::ffff:198.51.100.23', 'Address 198.51.100.x'],
  ['2001:db8:85a3::8a2e:370:7334', 'Address 2001:db8:85a3:x'],
  ['2001:db8::1', 'Address 2001:db8:0:x'],
  ['', 'Unknown place'],
  ['not an address', 'Unknown place'],
])('when the address is %j, then it reads %j', (address, words) => {
  expect(describeAddress(address)).toBe(words);
});

it.each([
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { browser: 'Safari', os: 'iOS', device: 'Phone' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    { browser: 'Microsoft Edge', os: 'Windows', device: 'Computer' },
  ],
  ['', { browser: 'Unknown browser', os: 'Unknown system', device: 'Device' }],
  ['curl/8.5.0', { browser: 'Unknown browser', os: 'Unknown system', device: 'Device' }],
])('when the User-Agent is %j, then it reads %j', (userAgent, words) => {
  expect(describeUserAgent(userAgent)).toEqual(words);
});
