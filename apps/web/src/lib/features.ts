/** Build-time switches; every social sign-in is off unless the deployment turns it on. */
export const FEATURES = {
  googleLogin: import.meta.env.VITE_GOOGLE_LOGIN === 'true',
  microsoftLogin: import.meta.env.VITE_MICROSOFT_LOGIN === 'true',
};
