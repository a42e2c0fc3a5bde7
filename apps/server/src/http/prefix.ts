/** Every API route lives under this path; mailed links to the API are built with it too. */
export const API_PREFIX = '/api';
