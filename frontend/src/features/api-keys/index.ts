export { ApiKeyManager } from './components/api-key-manager';
export { ApiKeyUsage } from './components/api-key-usage';
