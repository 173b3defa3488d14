import { composeDocumentTitle } from './page-title';

describe('the document title', () => {
  it('when a page is named, then it reads "Page · {app title}"', () => {
    expect(composeDocumentTitle('Schedule', 'Riverside FC')).toBe('Schedule · Riverside FC');
  });

  it('when no page is named, then it is the app title alone', () => {
    expect(composeDocumentTitle(null, 'TeamApp')).toBe('TeamApp');
  });
});
