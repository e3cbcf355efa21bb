import { apiSend } from '../../../lib/api-client.ts';

export type FbLaunch = { url: string; gameCode: string };

/** SPEC §7 `POST /wps/relay/GCS_gameLaunchFB`: the member's launch URL of the book for `/fbsports`. */
export function launchFb(language: string): Promise<FbLaunch> {
  return apiSend<FbLaunch>('POST', '/wps/relay/GCS_gameLaunchFB', { language });
}
