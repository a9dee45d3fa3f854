/** The API's schemas live in src/domain/schemas (one definition for the server, the device's checks and the types of both). */
export * from '../../src/domain/schemas';
