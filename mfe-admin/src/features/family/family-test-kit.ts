/**
 * The young player and guardian the family screen tests run against: Robin, added without a
 * login, and Pat, their mother.
 */
import type { Guardian, User } from '@teamapp/contracts';
import { TEST_ADMIN } from '@teamapp/ui/test/dom';

export const ROBIN: User = {
  ...TEST_ADMIN,
  id: '7f0c6b1e-6666-4a4a-9a9a-1234567890ab',
  name: 'Robin Young',
  email: '',
  role: 'player',
  has_login: false,
  minor: true,
  date_of_birth: '2015-03-03',
};

export const PAT: Guardian = {
  id: '7f0c6b1e-7777-4a4a-9a9a-1234567890ab',
  name: 'Pat Young',
  email: 'pat@family.test',
  relation: 'Mother',
  invitation_status: 'pending',
};
