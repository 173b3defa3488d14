/** For the login page's tests: the branding answer of a club called Riverside FC. */
export const SETTINGS = {
  status: 200,
  body: {
    success: true,
    data: {
      appTitle: 'Riverside FC',
      headerColor: '#2563eb',
      logoBackground: 'transparent',
      logoUrl: null,
      updatedAt: new Date(0).toISOString(),
    },
  },
};
