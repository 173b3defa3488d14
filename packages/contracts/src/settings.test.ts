import { base64DecodedBytes, logoUploadSchema, updateSettingsSchema } from './settings';

describe('branding validation', () => {
  it('when base64 is measured, then padding is accounted for', () => {
    for (const size of [0, 1, 2, 3, 1000, 2_097_152]) {
      expect(base64DecodedBytes(Buffer.alloc(size).toString('base64'))).toBe(size);
    }
  });

  it.each([
    ['#2563eb', true],
    ['#FFF', true],
    ['2563eb', false],
    ['#12345', false],
    ['red', false],
  ])('when the header colour is %s, then valid is %s', (headerColor, valid) => {
    expect(updateSettingsSchema.safeParse({ headerColor }).success).toBe(valid);
  });

  it('when the logo background is transparent, then it is accepted', () => {
    expect(updateSettingsSchema.safeParse({ logoBackground: 'transparent' }).success).toBe(true);
  });

  it('when the logo is an SVG data string, then it is accepted as an image', () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}`;
    expect(logoUploadSchema.safeParse({ logoUrl: svg }).success).toBe(true);
  });
});
