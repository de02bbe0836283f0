import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describeCipherContract, describeSecretsContract } from '../../testing/contracts/secrets.contract.ts'
import { describeTemplatesContract } from '../../testing/contracts/templates.contract.ts'
import { fileTemplates } from './file-templates.ts'
import { aesCipher, nodeSecrets } from './secrets.ts'

const SHIPPED = join(dirname(fileURLToPath(import.meta.url)), '../../../resources/vocation-templates')

describeTemplatesContract('shipped template files', async () => fileTemplates(SHIPPED))
describeSecretsContract('Node crypto', nodeSecrets)
describeCipherContract('AES-256-GCM', aesCipher)
