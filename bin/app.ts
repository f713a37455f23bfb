/**
 * CDK entry point (cdk.json runs it with tsx): `npx cdk synth -c tenant=<id> -c stage=sandbox|production`.
 * Tenant defaults to demo, stage to sandbox.
 */
import { createHotelApiApp } from '../lib/hotel-api-app.js';

createHotelApiApp();
