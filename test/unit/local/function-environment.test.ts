import { describe, expect, it } from 'vitest';
import { CLOUD_ONLY_SETTINGS, functionEnvironment } from '../../../local/function-environment.js';
import { loadTemplate } from '../../../local/synth-cache.js';
import { resourcesOfType, type CfnTemplate, type LocalNames } from '../../../local/template.js';

const names: LocalNames = { ref: (id) => `local:${id}`, getAtt: (id, attribute) => `local:${id}.${attribute}` };

describe('the environment the local runtime gives the handlers', () => {
  it("takes every resource of the stack's, resolved locally, and none of the Lambda host's own settings", async () => {
    const template = await loadTemplate();
    const env = functionEnvironment(template, names);

    // The render worker's browser path in the Lambda bundle broke rendering on a machine where no browser was unpacked yet.
    for (const cloudOnly of Object.keys(CLOUD_ONLY_SETTINGS)) expect(env).not.toHaveProperty(cloudOnly);
    expect(env).toMatchObject({ PAGE_QUEUE_URL: expect.stringMatching(/^local:PageQueue/), RENDER_QUEUE_URL: expect.stringMatching(/^local:RenderQueue/) });
    const stackVariables = new Set(resourcesOfType(template, 'AWS::Lambda::Function').flatMap(([, fn]) => Object.keys((fn.Properties?.Environment as { Variables: object }).Variables)));
    expect([...stackVariables].filter((name) => !(name in env)).sort()).toEqual(Object.keys(CLOUD_ONLY_SETTINGS).sort());
  });

  it('refuses to start on a plain value nobody has said applies here', () => {
    const template: CfnTemplate = {
      Resources: { NewFunction: { Type: 'AWS::Lambda::Function', Properties: { Environment: { Variables: { CRAWL_NEW_LAMBDA_PATH: '/var/task/x' } } } } },
    };
    expect(() => functionEnvironment(template, names)).toThrow(/CRAWL_NEW_LAMBDA_PATH on NewFunction/);
  });
});
