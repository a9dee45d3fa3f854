/** The API's schemas live in src/domain (one definition for the server and the device's checks). */
export * from '../../src/domain/apiSchemas';
