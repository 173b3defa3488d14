import { isStrongPassword, PASSWORD_RULES, passwordResetConfirmSchema } from './password';

describe('the new-password rules', () => {
  it.each([
    ['Abcdef1!', true],
    ['abcdef1!', false],
    ['ABCDEF1!', false],
    ['Abcdefg!', false],
    ['Abcdefg1', false],
    ['Ab1!', false],
    ['Pass word1:', true],
  ])('when the password is %j, then strong is %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it('when a rule fails, then the checklist names exactly that rule', () => {
    const failing = PASSWORD_RULES.filter((r) => !r.test('abcdefg1')).map((r) => r.id);
    expect(failing).toEqual(['uppercase', 'special']);
  });

  it('when a reset is confirmed with a weak password, then the documented message is given', () => {
    const result = passwordResetConfirmSchema.safeParse({ token: 't', newPassword: 'weakpass' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password does not meet security requirements.');
  });
});
