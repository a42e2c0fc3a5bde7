// The 404 page of unknown routes and the error page of failed page loads.
export default {
  notFound: {
    title: 'This page could not be found',
    body: 'The link may be broken, or the page may have been moved.',
  },
  error: {
    code: 'Error {{code}}',
    404: 'Page not found',
    403: 'Access forbbiden',
    500: 'Something went wrong',
    hint: 'If the problem persists, please contact support.',
  },
};
