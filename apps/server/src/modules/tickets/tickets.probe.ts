import { API } from '@logoschool/contract';
import { randomUUID } from 'node:crypto';
import { encodePng } from '../../db/demo/encode.ts';
import type { AreaProbe } from '../../test/area-probes.ts';
import { filePart, multipartForm } from '../../test/multipart.ts';

function dataOf<T>(
  what: string,
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

/**
 * What problem reports add to the API probes' project (`test/area-probes.ts`): the teacher's
 * screenshot (`:fileId` on the reports' routes) and her report about the project's exercise with
 * it attached (`:ticketId`, `into_id`, `attachment_ids`).
 */
export const probe: AreaProbe = {
  routes: [`/api${API.reportTickets}`],
  objects: {
    ticketFile: async ({ call }) => {
      const form = multipartForm([
        filePart(encodePng(2, 2, new Uint8Array(16).fill(200)), 'screen.png', 'image/png'),
      ]);
      return dataOf<{ id: number }>(
        'ticket file',
        await call('teacher', 'POST', `/api${API.reportTickets}/files`, form.payload, form.headers),
        201,
      ).id;
    },
    ticket: async ({ call, built, marker }) =>
      dataOf<{ id: number }>(
        'ticket',
        await call('teacher', 'POST', `/api${API.reportTickets}`, {
          key: randomUUID(),
          description: `${marker} The slide shows the wrong picture`,
          context: {
            screen: '/conduct-lesson/1',
            object: { kind: 'exercise', id: built.exercise },
            slide: 2,
          },
          attachment_ids: [built.ticketFile],
        }),
        201,
      ).id,
  },
  pathParams: { ticketId: 'ticket', fileId: 'ticketFile' },
  bodyFields: { into_id: 'ticket', attachment_ids: 'ticketFile', object_id: 'exercise' },
};
