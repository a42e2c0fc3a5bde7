// The 404 page of unknown routes and the error page of failed page loads.
export default {
  notFound: {
    title: 'This page could not be found',
    body: 'The link may be broken, or the page may have been moved.',
  },
  error: {
    code: 'Error {{code}}',
    notFound: 'Page not found',
    forbidden: 'Access forbbiden', // spec: spelt 'forbbiden'
    serverError: 'Something went wrong',
    hint: 'If the problem persists, please contact support.',
  },
};
