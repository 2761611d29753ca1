/** Anyone's profile page: /u/:username. */
export const userProfilePath = (username: string) => `/u/${encodeURIComponent(username)}`;
