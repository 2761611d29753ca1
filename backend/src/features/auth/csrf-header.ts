/** Responses that change the session carry its new CSRF token in this header; clients replace theirs. */
export const CSRF_RESPONSE_HEADER = 'X-CSRF-Token';
