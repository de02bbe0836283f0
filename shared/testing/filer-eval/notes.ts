/**
 * Notes a person drops into the "Libraries" space, each plainly about one page, none with a hint.
 * Some name their library, many only what it does; several sit between related pages (the three mail
 * libraries, the PDF and office ones, tokens and passwords, Git and SSH) so that a filer that reads
 * words alone is tempted to misfile them.
 */

/** A note and the page (under content/) it belongs to. */
export type EvalNote = { title: string; text: string; page: string }

export const EVAL_NOTES: readonly EvalNote[] = [
  // Electron
  {
    title: 'Preload security',
    text: 'Keep contextIsolation on and expose a small API through the contextBridge; never turn nodeIntegration on in the renderer.',
    page: 'libraries/electron.md',
  },
  {
    title: 'Desktop builds for Apple Silicon',
    text: 'The desktop app we ship must include the arm64 binaries for macOS as well as the x64 ones for Windows and Linux.',
    page: 'libraries/electron.md',
  },
  {
    title: 'Miroir pour installer Electron',
    text: 'Depuis la Chine, le téléchargement des binaires d’Electron échoue : passer par un miroir comme npmmirror.',
    page: 'libraries/electron.md',
  },
  // croner
  {
    title: 'Cron in Paris time',
    text: 'Pass the timezone option Europe/Paris so that the nightly job runs at 02:00 local time, not at 02:00 UTC.',
    page: 'libraries/croner.md',
  },
  {
    title: 'Stop overlapping runs',
    text: 'Turn on overrun protection so that a slow scheduled task is not started again while its previous run is still going.',
    page: 'libraries/croner.md',
  },
  {
    title: 'Prochaines exécutions d’une tâche planifiée',
    text: 'Pour afficher les cinq prochaines dates d’une expression cron, appeler nextRuns(5) sur la tâche.',
    page: 'libraries/croner.md',
  },
  {
    title: 'Facturation le dernier jour du mois',
    text: 'Le motif cron avec L dans le champ du jour du mois lance la facturation le dernier jour de chaque mois.',
    page: 'libraries/croner.md',
  },
  // yaml
  {
    title: 'Keep comments when rewriting config files',
    text: 'Read the configuration with parseDocument rather than parse, so comments and blank lines survive when the YAML is written back.',
    page: 'libraries/yaml.md',
  },
  {
    title: 'Anchors and aliases in compose files',
    text: 'Our compose-style YAML files reuse blocks with anchors and aliases; the parser resolves them when converting to plain objects.',
    page: 'libraries/yaml.md',
  },
  {
    title: 'Relire l’en-tête YAML des pages',
    text: 'Pour lire le front matter des pages, YAML.parse suffit ; YAML.stringify réécrit l’en-tête après modification.',
    page: 'libraries/yaml.md',
  },
  // fflate
  {
    title: 'Zip export of a space',
    text: 'Build the export archive with zipSync: each file is a Uint8Array keyed by its path inside the zip.',
    page: 'libraries/fflate.md',
  },
  {
    title: 'Gzip the large JSON answers',
    text: 'Compress big JSON responses with gzipSync; it is faster than pako and the inflate part alone is tiny.',
    page: 'libraries/fflate.md',
  },
  {
    title: 'Décompresser une archive sans bloquer la page',
    text: 'Utiliser la décompression asynchrone, qui tourne dans des workers, pour extraire une archive ZIP de plusieurs centaines de Mo sans geler l’interface.',
    page: 'libraries/fflate.md',
  },
  // tesseract.js
  {
    title: 'OCR of scanned receipts',
    text: 'Create one worker with createWorker, call recognize for each scanned image, then terminate the worker at the end.',
    page: 'libraries/tesseract.md',
  },
  {
    title: 'Reconnaître du texte français dans les images',
    text: 'Pour lire le texte des images en français, créer le worker de reconnaissance avec la langue fra au lieu de eng.',
    page: 'libraries/tesseract.md',
  },
  {
    title: 'Words out of whiteboard photos',
    text: 'Getting the words out of photographed whiteboards works with the Tesseract engine in Node; the language data must be available offline.',
    page: 'libraries/tesseract.md',
  },
  // officeparser
  {
    title: 'Text of slide decks and spreadsheets',
    text: 'One call reads PowerPoint decks and Excel workbooks: parseOffice returns the document tree and toText gives its plain text.',
    page: 'libraries/officeparser.md',
  },
  {
    title: 'Convertir un classeur en CSV',
    text: 'La ligne de commande du parseur de documents Office convertit un fichier XLSX en CSV avec un délimiteur choisi.',
    page: 'libraries/officeparser.md',
  },
  {
    title: 'Give up on a huge office document',
    text: 'Pass an AbortSignal to the office document parser, so that parsing a giant ODT or PPTX can be cancelled.',
    page: 'libraries/officeparser.md',
  },
  // mammoth
  {
    title: 'Word headings to HTML',
    text: 'When converting .docx files to HTML, map the Word paragraph style Heading 1 to h1 with a style map.',
    page: 'libraries/mammoth.md',
  },
  {
    title: 'Images des documents Word',
    text: 'En convertissant un .docx en HTML, les images sont incluses en base64 par défaut ; on peut fournir convertImage pour les enregistrer à part.',
    page: 'libraries/mammoth.md',
  },
  {
    title: 'HTML from untrusted Word files',
    text: 'The docx converter does not sanitize the HTML it produces, so pass its output through a sanitizer before showing it.',
    page: 'libraries/mammoth.md',
  },
  // unpdf
  {
    title: 'Text from PDF files',
    text: 'extractText with mergePages true returns the text of the whole PDF as one string, ready for the search index.',
    page: 'libraries/unpdf.md',
  },
  {
    title: 'Miniatures des pages PDF',
    text: 'renderPageAsImage produit une image de la première page d’un PDF ; sous Node il faut le paquet canvas.',
    page: 'libraries/unpdf.md',
  },
  {
    title: 'PDFs uploaded by strangers',
    text: 'When extracting text from untrusted PDFs, turn off isEvalSupported in the PDF.js options.',
    page: 'libraries/unpdf.md',
  },
  // pdf-lib
  {
    title: 'Fill in the contract form',
    text: 'Fill the text fields and check boxes of the PDF form, then flatten the form before sending the contract.',
    page: 'libraries/pdf-lib.md',
  },
  {
    title: 'Ajouter le logo sur un PDF',
    text: 'Intégrer une image PNG avec embedPng puis la dessiner en haut de la première page du document PDF.',
    page: 'libraries/pdf-lib.md',
  },
  {
    title: 'Merge several PDFs into one',
    text: 'Create a new PDF document and copy the pages of each source document into it with copyPages.',
    page: 'libraries/pdf-lib.md',
  },
  // diff
  {
    title: 'Show what changed between two versions',
    text: 'diffLines gives the added and removed lines; createPatch turns two versions into a unified diff.',
    page: 'libraries/jsdiff.md',
  },
  {
    title: 'Comparer deux textes mot à mot',
    text: 'diffWords compare deux versions d’un paragraphe et marque les mots ajoutés ou supprimés.',
    page: 'libraries/jsdiff.md',
  },
  // re2js
  {
    title: 'Regex search without catastrophic backtracking',
    text: 'Patterns typed by users run in linear time with the RE2 engine, so a crafted pattern cannot freeze the server.',
    page: 'libraries/re2js.md',
  },
  {
    title: 'Expressions régulières sûres',
    text: 'Compiler le motif une fois avec RE2JS.compile puis chercher les correspondances ; pas de lookahead ni de références arrière.',
    page: 'libraries/re2js.md',
  },
  // yjs
  {
    title: 'Shared editing state',
    text: 'Each page’s text is a Y.Text in a Y.Doc; updates merge without conflicts whatever order they arrive in.',
    page: 'libraries/yjs.md',
  },
  {
    title: 'Annuler dans l’édition à plusieurs',
    text: 'Le UndoManager ne doit annuler que les changements de la personne elle-même, pas ceux des autres participants.',
    page: 'libraries/yjs.md',
  },
  {
    title: 'Other people’s cursors',
    text: 'Show who else is editing and where their cursor is with the awareness protocol, kept apart from the document updates.',
    page: 'libraries/yjs.md',
  },
  // isomorphic-git
  {
    title: 'Git without the git binary',
    text: 'Clone and commit from pure JavaScript: pass fs and http to clone, then commit with an author name and email.',
    page: 'libraries/isomorphic-git.md',
  },
  {
    title: 'Lire un fichier à un ancien commit',
    text: 'readBlob avec l’oid du commit et le chemin du fichier rend son contenu tel qu’il était.',
    page: 'libraries/isomorphic-git.md',
  },
  {
    title: 'Commit log in the browser',
    text: 'git.log lists the commits of a branch from a repository kept in the browser by LightningFS; show each message and author.',
    page: 'libraries/isomorphic-git.md',
  },
  // ssh2
  {
    title: 'Run a command on the backup host',
    text: 'Connect with the private key, call exec with uptime and read its output from the stream.',
    page: 'libraries/ssh2.md',
  },
  {
    title: 'Serveur SFTP seulement',
    text: 'Pour n’offrir que l’accès SFTP, accepter le sous-système sftp sur la session et refuser les commandes shell.',
    page: 'libraries/ssh2.md',
  },
  {
    title: 'Tunnel through the bastion',
    text: 'forwardOut opens a tunnel so that local connections reach the database behind the jump host.',
    page: 'libraries/ssh2.md',
  },
  // nodemailer
  {
    title: 'Sending mail on port 587',
    text: 'The transporter uses port 587 with secure false and upgrades with STARTTLS; secure true is only for port 465.',
    page: 'libraries/nodemailer.md',
  },
  {
    title: 'Annuler un envoi de courriel trop long',
    text: 'Passer un AbortSignal à sendMail pour abandonner un envoi qui traîne, sans le relancer automatiquement.',
    page: 'libraries/nodemailer.md',
  },
  {
    title: 'Gmail keeps refusing our messages',
    text: 'Sending through Gmail fails on authentication every other day; move the transporter to our own relay instead.',
    page: 'libraries/nodemailer.md',
  },
  // smtp-server
  {
    title: 'Size limit on incoming mail',
    text: 'Our receiving mail server should advertise a 10 MB limit with the size option and refuse oversized messages itself.',
    page: 'libraries/smtp-server.md',
  },
  {
    title: 'Désactiver AUTH sur le serveur de test',
    text: 'Le serveur SMTP qui reçoit les messages des tests n’a pas besoin d’authentification : mettre AUTH dans disabledCommands.',
    page: 'libraries/smtp-server.md',
  },
  {
    title: 'Trust the relays for XCLIENT',
    text: 'Only accept XCLIENT from our two Postfix relays by listing their addresses in useXClient.',
    page: 'libraries/smtp-server.md',
  },
  // mailparser
  {
    title: 'Attachments of incoming mail',
    text: 'simpleParser gives each attachment with its content and checksum; the headers come in a Map.',
    page: 'libraries/mailparser.md',
  },
  {
    title: 'Nom et adresse de l’expéditeur',
    text: 'Analyser l’en-tête From d’un message reçu donne le nom affiché et l’adresse séparément.',
    page: 'libraries/mailparser.md',
  },
  {
    title: 'One-time codes in verification emails',
    text: 'When parsing a received verification email, pull the one-time passcode out of it instead of scraping the HTML.',
    page: 'libraries/mailparser.md',
  },
  // jose
  {
    title: 'Verify the identity provider’s ID token',
    text: 'Use createRemoteJWKSet with the issuer’s JWKS URL and jwtVerify, checking the issuer and the audience.',
    page: 'libraries/jose.md',
  },
  {
    title: 'Signer nos jetons de session',
    text: 'Signer les JWT de session avec SignJWT en HS256, avec une expiration de deux heures.',
    page: 'libraries/jose.md',
  },
  {
    title: 'Encrypted tokens for personal data',
    text: 'Tokens that carry personal data should be encrypted JWTs (JWE), not just signed ones.',
    page: 'libraries/jose.md',
  },
  // pino
  {
    title: 'One logger per request',
    text: 'Create a child logger for each request with its id, and use pretty printing only in development.',
    page: 'libraries/pino.md',
  },
  {
    title: 'Écrire les journaux dans un fichier',
    text: 'Envoyer les journaux vers un fichier par un transport qui tourne dans un thread à part, pour ne pas ralentir le serveur.',
    page: 'libraries/pino.md',
  },
  {
    title: 'Logging overhead under load',
    text: 'The logger must stay cheap when traffic peaks: JSON lines, low overhead, formatting done in another process.',
    page: 'libraries/pino.md',
  },
  // better-sqlite3
  {
    title: 'WAL mode for the database',
    text: 'Open the SQLite database and set the journal mode to WAL so readers are not blocked by the writer.',
    page: 'libraries/better-sqlite3.md',
  },
  {
    title: 'Regrouper les insertions',
    text: 'Regrouper les insertions dans une transaction SQLite : mille lignes s’écrivent alors en quelques millisecondes.',
    page: 'libraries/better-sqlite3.md',
  },
  {
    title: 'Prepare statements once',
    text: 'Prepare each SQL statement once and reuse it with get, all and run; it is synchronous and fast.',
    page: 'libraries/better-sqlite3.md',
  },
  // argon2
  {
    title: 'Password hashing settings',
    text: 'Hash passwords with Argon2id and a high memory cost; on sign-in verify against the stored hash and rehash when the parameters change.',
    page: 'libraries/argon2.md',
  },
  {
    title: 'Vérifier les mots de passe',
    text: 'À la connexion, vérifier le mot de passe contre le hachage Argon2 enregistré, jamais en clair.',
    page: 'libraries/argon2.md',
  },
  // zod
  {
    title: 'Validate request bodies',
    text: 'Describe each body with z.object and use safeParse, so that bad input gets a clear list of issues instead of an exception.',
    page: 'libraries/zod.md',
  },
  {
    title: 'Déduire les types des schémas',
    text: 'Obtenir le type TypeScript d’un schéma avec z.infer au lieu de l’écrire une seconde fois.',
    page: 'libraries/zod.md',
  },
  // playwright
  {
    title: 'Browser tests drive the pages like a person',
    text: 'Locate elements by role and accessible name, click and fill them, and let the auto-waiting assertions do the waiting.',
    page: 'libraries/playwright.md',
  },
  {
    title: 'Captures d’écran des tests de bout en bout',
    text: 'Prendre une capture d’écran de la page après chaque étape du test de bout en bout dans Chromium.',
    page: 'libraries/playwright.md',
  },
  // The project's own README
  {
    title: 'Starting the server the first time',
    text: 'npm install then npm start runs Quire on the embedded defaults, with its SQLite file and repositories under ./data.',
    page: 'project/quire.md',
  },
  {
    title: 'Quire comme hôte Git',
    text: 'Le serveur Quire sert chaque espace en Git : on clone un espace avec son nom d’utilisateur et un jeton personnel.',
    page: 'project/quire.md',
  },
]
