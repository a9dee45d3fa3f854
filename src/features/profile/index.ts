/** Route screens of the profile feature; the app loads this module on demand. */
export { ProfileCreatePage, ProfileEditPage, ProfileViewPage } from './ProfilePages';
