// Must fail lint: a component calls the API itself instead of through the feature's api/ modules.
import { apiFetch } from '../../../data/transport';
export const Probe = () => <button onClick={() => { void apiFetch('/api/Users'); }}>probe</button>;
