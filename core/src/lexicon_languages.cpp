// The lexicon's other languages: the words of German, French, Spanish, Portuguese, Italian,
// Russian, Chinese, Japanese and Korean for the things tools do and the things they act on, each
// mapped to the English words tool descriptions use. A query written in one of these languages
// then finds an English catalog with the keyword strategy alone ("读取文件", "Datei lesen").
//
// Written from the languages, not from any data set: verbs in the forms a person or a model
// writes a request in (infinitive, imperative, the noun of the action), nouns in the singular
// and the plural, accented and plain where people write both. Words that are also English words
// with another meaning are left out ("die", "also", "post"). Chinese, Japanese and Korean words
// are matched as the character bigrams the analyzer makes of them, so a word of three or more
// characters is a phrase of bigrams.
#include "toolsearch/lexicon.hpp"
#include "toolsearch/term_dictionary.hpp"
#include "toolsearch/word_list.hpp"

namespace toolsearch {

namespace {

struct Concept {
  const char* meaning;  // English, as tool descriptions say it
  const char* words;    // '|'-separated
};

// A plain table: it compiles to data, not to code.
constexpr Concept kConcepts[] = {
    // Actions.
    {"read", "lesen|auslesen|lire|lis|lisez|leer|lee|lea|ler|leia|leggere|leggi|читать|прочитать|прочитай|прочти|чтение|读取|"
             "阅读|读一下|読む|読んで|読み込み|読み取り|読み込む|읽기|읽어|읽다|읽어줘"},
    {"write save", "schreiben|schreibe|speichern|speichere|écrire|écris|écrivez|enregistrer|enregistre|escribir|"
                   "escribe|guardar|guarda|escrever|escreva|salvar|gravar|scrivere|scrivi|salvare|записать|запиши|"
                   "написать|напиши|сохранить|сохрани|写入|写|保存|储存|書き込み|書き込む|書く|保存して|쓰기|써줘|저장|저장해"},
    {"search find", "suchen|suche|durchsuchen|durchsuche|finden|chercher|cherche|rechercher|recherche|trouver|trouve|"
                    "buscar|busca|búsqueda|busqueda|encontrar|encuentra|procurar|pesquisar|pesquise|pesquisa|cercare|"
                    "cerca|ricerca|trovare|trova|поиск|искать|ищи|найти|найди|搜索|查找|寻找|检索|搜一下|検索|探す|探して|検索して|調べて|調べる|검색|찾기|"
                    "찾아|찾아줘"},
    {"create new", "erstellen|erstelle|anlegen|erzeugen|erzeuge|neu|neue|neuen|créer|crée|créez|creer|nouveau|"
                   "nouvelle|crear|crea|nuevo|nueva|criar|crie|cria|novo|creare|crei|nuovo|nuova|создать|создай|"
                   "создайте|новый|новую|创建|新建|建立|新增|作成|作成して|新規|作って|생성|만들기|만들어|새로운"},
    {"delete remove", "löschen|lösche|loeschen|entfernen|entferne|supprimer|supprime|supprimez|effacer|efface|"
                      "enlever|borrar|borra|eliminar|elimina|quitar|quita|apagar|apague|excluir|exclua|remova|"
                      "deletar|eliminare|cancellare|cancella|rimuovere|rimuovi|удалить|удали|удалите|стереть|"
                      "удаление|删除|移除|清除|删掉|削除|消去|消して|削除して|삭제|제거|지워|지우기"},
    {"edit update modify", "bearbeiten|bearbeite|ändern|ändere|aendern|aktualisieren|aktualisiere|modifie|éditer|"
                           "editer|actualiser|mettre à jour|editar|edita|modificar|modifica|actualizar|actualiza|"
                           "cambiar|cambia|atualizar|atualize|alterar|modificare|aggiornare|aggiorna|изменить|измени|"
                           "редактировать|отредактируй|обновить|обнови|编辑|修改|更新|更改|編集|更新して|変更|修正|편집|수정|업데이트|변경"},
    {"move rename", "verschieben|verschiebe|umbenennen|benenne|déplacer|déplace|renommer|renomme|mover|mueve|renombrar|"
                    "mova|renomear|spostare|sposta|rinominare|rinomina|переместить|перемести|переименовать|"
                    "переименуй|移动|重命名|改名|移動|名前変更|リネーム|이동|이름 변경|이름변경"},
    {"copy", "kopieren|kopiere|copie|copiar|copia|copie|copiare|копировать|скопировать|скопируй|复制|拷贝|コピー|複製|복사"},
    {"send post", "senden|schicken|schicke|verschicken|envoyer|envoie|envoyez|enviar|envía|envia|mandar|manda|envie|"
                  "inviare|invia|mandare|отправить|отправь|послать|пошли|发送|发给|送信|送る|送って|보내기|보내|보내줘|전송"},
    {"open navigate visit", "öffnen|öffne|oeffnen|navigieren|navigiere|besuchen|besuche|ouvrir|ouvre|ouvrez|naviguer|"
                            "visiter|abrir|abre|navegar|visitar|abra|aprire|apri|navigare|visitare|открыть|открой|"
                            "перейти|перейди|зайди|打开|访问|浏览|開く|開いて|アクセス|열기|열어|접속|방문"},
    {"click", "klicken|klicke|klicks|cliquer|cliquez|clic|clics|clicar|cliccare|clicca|кликнуть|кликни|нажать|нажми|点击|单击|クリック|클릭"},
    {"get show", "zeigen|zeige|holen|abrufen|rufe|anzeigen|obtenir|obtiens|montrer|montre|afficher|affiche|récupérer|"
                 "recuperer|obtener|obtén|obten|mostrar|muestra|consigue|obter|obtenha|mostre|ottenere|ottieni|"
                 "mostrare|mostra|recupera|получить|получи|показать|покажи|выведи|获取|得到|查看|显示|给我|取得|表示|見せて|教えて|가져오기|"
                 "가져와|보여줘|보여|조회"},
    {"list", "auflisten|lister|listez|liste|listar|lista|elencare|elenca|elenco|список|перечислить|перечисли|列出|列表|一覧|"
             "リスト|목록|나열|리스트"},
    {"run execute", "ausführen|führe|ausfuehren|exécuter|exécute|executer|ejecutar|ejecuta|executar|rodar|eseguire|"
                    "esegui|выполнить|выполни|запустить|запусти|执行|运行|実行|実行して|실행|실행해"},
    {"execution executions run", "ausführung|ausführungen|exécution|exécutions|ejecución|ejecuciones|execução|"
                                 "execuções|esecuzione|esecuzioni|выполнение|запуск|запуски|执行记录|実行履歴"},
    {"activate enable", "aktivieren|aktiviere|activer|activez|activar|actívalo|ativar|ative|attivare|attiva|"
                        "включить|включи|активировать|启用|激活|有効化|有効にする|활성화|켜기|켜줘"},
    {"deactivate disable", "deaktivieren|deaktiviere|désactiver|désactive|desactivar|desactiva|desativar|desative|"
                           "disattivare|disattiva|disabilitare|disabilita|отключить|отключи|деактивировать|停用|"
                           "禁用|無効化|無効にする|비활성화|끄기|꺼줘"},
    {"buy purchase", "kaufen|kaufe|acheter|achète|achete|achat|comprar|compra|compre|comprare|acquistare|acquista|"
                     "купить|купи|покупка|购买|买入|購入|買う|구매|매수"},
    {"sell", "verkaufen|verkaufe|vendre|vends|vender|vende|venda|vendere|продать|продай|卖出|出售|売る|売却|판매|매도"},
    {"download fetch", "herunterladen|runterladen|télécharger|telecharger|descargar|descarga|baixar|descarregar|"
                       "scaricare|scarica|скачать|скачай|下载|ダウンロード|다운로드"},
    {"upload", "hochladen|téléverser|televerser|subir|carregar|caricare|carica|закачать|上传|アップロード|업로드"},
    {"translate translation", "übersetzen|übersetze|uebersetzen|übersetzung|traduire|traduis|traduction|traducir|"
                              "traducción|traduzir|traduza|tradução|tradurre|traduci|traduzione|перевести|переведи|"
                              "перевод|翻译|翻訳|번역"},
    {"convert", "umrechnen|rechne|konvertieren|umwandeln|wandle|convertir|convertis|convierte|converta|convertire|"
                "converti|конвертировать|конвертируй|преобразовать|转换|换算|変換|변환"},
    {"summarize summary", "zusammenfassen|fasse|zusammenfassung|résumer|résume|resumer|resumir|resumen|resumo|"
                          "riassumere|riassumi|riassunto|кратко|резюме|总结|摘要|概括|要約|요약"},
    {"generate create", "generieren|generiere|générer|génère|generer|generar|gerar|gere|gera|generare|сгенерировать|"
                        "сгенерируй|生成|生成して|생성해"},
    {"draw generate image", "zeichnen|zeichne|malen|dessiner|dessine|dibujar|dibuja|desenhar|desenhe|disegnare|"
                            "disegna|нарисовать|нарисуй|画一|绘制|描いて|描く|그려|그리기"},
    {"reply", "antworten|antworte|antwort|répondre|réponds|réponse|responder|respuesta|resposta|rispondere|rispondi|"
              "risposta|ответить|ответь|ответ|回复|返信|답장|답글"},
    {"review", "überprüfen|überprüfe|prüfen|prüfe|begutachten|relire|relis|relecture|revue|réviser|révise|revisar|"
               "revisa|revisión|revise|revisão|revisao|revisionare|revisiona|revisione|rivedere|rivedi|ревью|"
               "проверить|проверь|рецензия|审查|审核|评审|审阅|レビュー|審査|리뷰|검토"},
    {"merge", "zusammenführen|führe zusammen|mergen|fusionner|fusionne|fusionar|fusiona|mesclar|mescle|unire|unisci|"
              "kombinieren|kombiniere|combiner|combinar|combina|combinare|слить|объединить|объедини|合并|マージ|"
              "結合|結合して|병합|머지|합치기|합쳐"},
    {"click fill form input", "ausfüllen|fülle|remplir|remplis|rellenar|rellena|llenar|preencher|preencha|compilare|"
                              "compila|заполнить|заполни|填写|填入|入力|입력"},
    {"remember memory store", "merken|merke|erinnern|erinnere|gedächtnis|mémoriser|mémorise|souviens|mémoire|"
                              "recordar|recuerda|memoria|lembrar|lembre|memória|ricordare|ricorda|запомнить|запомни|"
                              "память|记住|记忆|記憶|覚えて|기억|기억해"},
    {"think thinking reasoning", "denken|nachdenken|denke|réfléchir|réfléchis|penser|pensar|piensa|razonar|"
                                 "raciocinar|pense|pensare|pensa|ragionare|ragiona|думать|подумать|подумай|"
                                 "рассуждать|рассуждение|思考|推理|考える|考えて|생각|추론"},
    {"step steps", "schritt|schritte|étape|étapes|etape|paso|pasos|passo|passos|passi|шаг|шагам|шаги|步骤|一步|一步步|ステップ|"
                   "段階|단계"},
    {"add", "hinzufügen|hinzufuegen|füge|ajouter|ajoute|ajoutez|añadir|anadir|añade|anade|agregar|agrega|adicionar|"
            "adicione|adiciona|aggiungere|aggiungi|добавить|добавь|добавьте|添加|追加|추가"},
    {"describe", "beschreiben|beschreibe|décrire|décris|décrivez|describir|describa|descrever|descreva|descreve|"
                 "descrivere|descrivi|описать|опиши|描述|説明|설명"},
    {"check verify", "prüfen|prüfe|überprüfen|vérifier|vérifie|vérifiez|verifier|verificar|verifica|verifique|"
                     "comprobar|comprueba|verificare|controllare|controlla|проверить|проверь|проверка|检查|确认|"
                     "確認|チェック|확인|체크"},
    {"extract", "extrahieren|extrahiere|extraire|extrais|extraer|extrair|extraia|estrarre|estrai|извлечь|извлеки|"
                "извлечение|提取|抽取|抽出|추출"},
    {"publish", "veröffentlichen|veroeffentlichen|veröffentliche|veröffentlichung|publier|publie|publiez|publicar|"
                "publica|publique|publicación|publicacion|publicação|publicacao|pubblicare|pubblica|pubblicazione|"
                "опубликовать|опубликуй|публиковать|публикация|发布|发表|公開|게시|발행"},
    {"unpublish", "depublizieren|depubliziere|dépublier|depublier|despublicar|despublica|despublique|"
                  "annulla pubblicazione|annullare pubblicazione|снять с публикации|取消发布|非公開|게시 취소|"
                  "비공개"},
    {"push", "pushen|pousser|pousse|empujar|empuja|empurrar|empurre|spingere|spingi|запушить|запушь|推送|プッシュ|"
             "푸시"},
    {"cancel", "abbrechen|brich ab|stornieren|storniere|annuler|annule|annulez|annulation|cancelar|cancela|"
               "cancelación|cancelacion|cancelamento|annullare|annulla|annullamento|отменить|отмени|отмена|取消|"
               "キャンセル|取り消し|中止|취소"},
    {"stop", "stoppen|stoppe|anhalten|arrêter|arrête|arrêtez|arreter|arrete|detener|detén|deten|"
             "parar|interromper|interrompa|fermare|ferma|interrompere|interrompi|остановить|останови|остановка|"
             "停止|停下|止めて|止める|중지|정지|멈춰"},
    {"terminate stop", "beenden|beende"},
    {"monitor monitoring", "überwachen|ueberwachen|überwache|überwachung|surveiller|surveille|monitorear|monitorea|"
                           "monitorar|monitorare|monitora|мониторинг|мониторить|отслеживать|отслеживай|监控|監視|"
                           "モニタリング|모니터링"},
    {"crawl", "crawlen|crawlare|rastrear|rastrea|rastreie|краулить|爬取|爬虫|クロール|크롤링|크롤"},
    {"geocode", "geokodieren|geokodierung|géocoder|geocoder|géocodage|geocodage|geocodificar|geocodifica|"
                "geocodificación|geocodificacion|geocodificação|geocodificacao|geocodificare|геокодирование|"
                "геокодировать|地理编码|ジオコーディング|지오코딩"},
    {"count number", "anzahl|zählen|zähle|zaehlen|compter|contar|cuántos|cuantos|cuántas|cuantas|quantos|contagem|"
                     "contare|conteggio|quanti|quante|combien|посчитать|посчитай|подсчитать|количество|сколько|"
                     "计数|数量|几个|数える|件数|何件|개수|몇 개"},
    // Things tools act on.
    {"file", "datei|dateien|fichier|fichiers|archivo|archivos|fichero|ficheros|arquivo|arquivos|ficheiro|ficheiros|"
             "файл|файла|файлы|файлов|файлу|文件|档案|ファイル|파일"},
    {"directory folder", "ordner|verzeichnis|verzeichnisse|dossier|dossiers|répertoire|carpeta|carpetas|directorio|"
                         "directorios|diretório|diretorio|cartella|cartelle|папка|папку|папки|каталог|каталога|"
                         "директория|директорию|目录|文件夹|フォルダ|フォルダー|ディレクトリ|폴더|디렉토리|디렉터리"},
    {"content contents", "inhalt|inhalte|contenu|contenido|conteúdo|conteudo|contenuto|содержимое|содержание|内容|中身|내용"},
    {"text", "texto|testo|текст|文本|文字|テキスト|텍스트"},
    {"document", "dokument|dokumente|documento|documentos|documenti|документ|документы|文档|文書|ドキュメント|문서"},
    {"documentation docs", "dokumentation|documentación|documentacion|documentação|documentacao|documentazione|"
                           "документация|документацию|文档|ドキュメント|문서"},
    {"message", "nachricht|nachrichten|mensaje|mensajes|mensagem|mensagens|messaggio|messaggi|сообщение|сообщения|"
                "сообщений|消息|留言|メッセージ|메시지"},
    {"email mail", "courriel|courriels|correo|correos|correio|posta|письмо|письма|почта|почту|邮件|电邮|邮箱|メール|이메일|메일"},
    {"channel", "kanal|kanäle|canaux|canais|canali|канал|канале|каналы|频道|チャンネル|채널"},
    {"contact contacts", "kontakt|kontakte|contacto|contactos|contato|contatos|contatto|contatti|контакт|контакты|"
                         "контакта|联系人|連絡先|연락처"},
    {"company companies", "unternehmen|firma|firmen|entreprise|entreprises|société|societe|empresa|empresas|azienda|"
                          "aziende|società|компания|компанию|компании|公司|企业|会社|企業|회사"},
    {"reaction reactions", "reaktion|reaktionen|réaction|réactions|reacción|reacciones|reação|reações|reazione|reazioni|"
                           "реакция|реакцию|реакции|反应|表情回应|リアクション|반응"},
    {"error errors", "erreur|erreurs|errores|erro|erros|errore|errori|ошибка|ошибки|ошибку|ошибок|错误|报错|エラー|오류|에러"},
    {"user", "benutzer|nutzer|utilisateur|utilisateurs|usuario|usuarios|usuário|utente|utenti|пользователь|"
             "пользователя|пользователей|用户|ユーザー|ユーザ|사용자|유저"},
    {"profile", "perfil|profilo|профиль|个人资料|プロフィール|프로필"},
    {"web page website internet", "webseite|internetseite|seite|page web|site web|página|pagina|sitio|pagine|sito|"
                                  "страница|страницу|сайт|сайта|интернет|интернете|网页|网站|网上|网络|ウェブ|サイト|ページ|웹|페이지|사이트|"
                                  "인터넷"},
    {"link url", "enlace|enlaces|collegamento|ссылка|ссылку|ссылки|链接|网址|リンク|링크"},
    {"screen screenshot", "bildschirm|bildschirmfoto|écran|ecran|pantalla|tela|schermo|schermata|экран|экрана|"
                          "скриншот|截图|截屏|屏幕|画面|スクリーンショット|スクショ|화면|스크린샷"},
    {"capture screenshot", "captura|cattura|снимок|キャプチャ|캡처"},
    {"browser", "navigateur|navegador|браузер|браузере|浏览器|ブラウザ|ブラウザー|브라우저"},
    {"image picture photo", "bild|bilder|grafik|imagen|imágenes|imagenes|imagem|imagens|immagine|immagini|"
                            "изображение|изображения|картинка|картинку|фото|фотографию|图片|图像|照片|画像|写真|이미지|사진|그림"},
    {"video", "vidéo|vídeo|видео|视频|動画|ビデオ|동영상|비디오"},
    {"repository", "dépôt|dépôts|repositorio|repositorios|repositório|repositórios|репозиторий|репозитория|"
                   "репозитории|репозиториев|репо|仓库|存储库|代码库|リポジトリ|レポジトリ|저장소|리포지토리"},
    {"issue bug", "fehler|problème|bogue|incidencia|incidencias|problema|problemas|segnalazione|проблема|ошибка|"
                  "ошибку|баг|задачу|ишью|问题|缺陷|议题|課題|不具合|バグ|이슈|버그|문제"},
    {"pull request", "拉取请求|合并请求|プルリクエスト|プルリク|풀 리퀘스트|풀리퀘스트|пулл-реквест|пул-реквест|пулл реквест|запрос на слияние"},
    {"pull", "拉取"},
    {"request", "请求|リクエスト|요청"},
    {"branch", "zweig|rama|ramas|ramo|ветка|ветку|ветки|分支|ブランチ|브랜치"},
    {"commit commits", "коммит|коммиты|коммитов|提交|コミット|커밋"},
    {"comment", "kommentar|kommentare|kommentieren|commentaire|commentaires|commenter|comentario|comentarios|"
                "comentar|comentário|commento|commenti|commentare|комментарий|комментарии|评论|注释|コメント|댓글|코멘트"},
    {"code", "quellcode|código|codigo|codice|код|代码|源码|コード|코드"},
    {"database", "datenbank|datenbanken|base de données|base de datos|banco de dados|база данных|базу данных|"
                 "базе данных|数据库|データベース|데이터베이스"},
    {"data", "daten|données|donnees|datos|dati|данные|данных|数据|データ|데이터"},
    {"table", "tabelle|tabellen|tabla|tablas|tabela|tabelas|tabella|tabelle|таблица|таблицу|таблицы|表格|数据表|テーブル|테이블"},
    {"query", "abfrage|requête|requete|consulta|interrogazione|запрос|查询|クエリ|쿼리"},
    {"record records", "datensatz|datensätze|datensaetze|eintrag|einträge|eintraege|enregistrement|enregistrements|"
                       "registro|registros|registo|registi|запись|записи|записей|记录|レコード|레코드"},
    {"collection", "sammlung|colección|coleccion|colecciones|coleção|colecao|coleções|colecoes|collezione|raccolta|"
                   "коллекция|коллекцию|коллекции|коллекций|集合|コレクション|컬렉션"},
    {"index indexes", "índice|indice|índices|indici|индекс|индексы|индекса|索引|インデックス|인덱스|색인"},
    {"key", "schlüssel|schluessel|clé|clave|llave|chave|chiave|ключ|ключи|键|密钥|キー|키"},
    {"value", "wert|werte|valeur|valeurs|valor|valores|valore|значение|значения|值|値|값"},
    {"command", "befehl|comando|команда|команду|命令|コマンド|명령|명령어"},
    {"information details", "informationen|angaben|détails|información|informacion|detalles|informações|informacoes|"
                            "detalhes|informazioni|dettagli|информация|информацию|сведения|详情|详细|資料|情報|詳細|정보|상세"},
    {"size", "größe|groesse|taille|tamaño|tamano|tamanho|размер|大小|尺寸|サイズ|크기"},
    {"tree", "baum|arbre|árbol|arbol|árvore|arvore|albero|дерево|树|目录树|ツリー|트리"},
    {"entity entities", "entität|entitäten|entité|entités|entidad|entidades|entidade|entità|сущность|сущности|实体|"
                        "エンティティ|엔티티"},
    {"relation relations", "beziehung|beziehungen|relación|relaciones|relação|relações|relazione|relazioni|связь|"
                           "связи|关系|関係|관계"},
    {"knowledge graph", "wissen|wissensgraph|connaissance|connaissances|conocimiento|grafo|conhecimento|conoscenza|"
                        "знания|знаний|граф|知识|图谱|知識|ナレッジ|グラフ|지식|그래프"},
    {"note notes", "notiz|notizen|nota|notas|заметка|заметку|заметки|笔记|备忘|メモ|메모"},
    {"project projects", "projekt|projekte|projet|projets|proyecto|proyectos|projeto|projetos|progetto|progetti|проект|"
                         "проекта|проекте|проекты|项目|プロジェクト|프로젝트"},
    {"task todo", "aufgabe|aufgaben|tâche|tâches|tache|tarea|tareas|tarefa|tarefas|compito|compiti|задание|задача|задачи|задачу|任务|待办|タスク|"
                  "작업|할일"},
    {"calendar event meeting", "kalender|termin|termine|besprechung|besprechungen|treffen|calendrier|rendez-vous|"
                               "réunion|réunions|événement|événements|calendario|cita|citas|reunión|reuniones|evento|"
                               "eventos|calendário|reunião|reuniões|compromisso|compromissos|riunione|riunioni|"
                               "appuntamento|appuntamenti|eventi|календарь|встреча|встречу|встречи|событие|события|日历|"
                               "日程|会议|预约|カレンダー|予定|会議|イベント|캘린더|일정|회의|이벤트"},
    {"time", "zeit|uhrzeit|heure|hora|время|时间|几点|時間|時刻|시간|몇 시"},
    {"timezone time zone", "zeitzone|fuseau horaire|zona horaria|fuso horário|fuso orario|часовой пояс|时区|タイムゾーン|시간대"},
    {"weather forecast", "wetter|wettervorhersage|météo|meteo|clima|pronóstico|previsão|previsioni|погода|погоду|"
                         "прогноз|天气|天気|날씨"},
    {"news", "neuigkeiten|actualités|actualites|noticias|notícias|noticias|notizie|новости|新闻|ニュース|뉴스"},
    {"price", "preis|preise|prix|precio|precios|preço|preco|prezzo|prezzi|цена|цену|价格|価格|値段|가격"},
    {"stock stocks", "aktie|aktien|bourse|acciones|ações|acoes|azioni|акции|акций|股票|股价|株価|주식|주가"},
    {"currency exchange rate", "währung|waehrung|wechselkurs|moneda|divisa|divisas|tipo de cambio|moeda|câmbio|"
                               "cambio|valuta|валюта|валюты|курс валют|汇率|货币|為替|通貨|환율|통화"},
    {"directions route", "cómo llegar|como llegar|comment aller|como chegar|come arrivare|как добраться|怎么去|行き方|가는 길|"
                         "wegbeschreibung|itinéraire|itineraire|trajet|ruta|indicaciones|trajeto|direções|percorso|"
                         "indicazioni|маршрут|проложи|路线|导航|经路|経路|ルート|道順|경로|길찾기"},
    {"map maps", "karte|karten|mapa|mappa|карта|карту|地图|地図|지도"},
    {"place location address", "ort|orte|adresse|standort|endroit|lugar|lugares|ubicación|ubicacion|dirección|"
                               "endereço|endereco|localização|luogo|indirizzo|posizione|место|адрес|местоположение|"
                               "地点|地址|位置|場所|住所|장소|주소|위치"},
    {"distance", "entfernung|distanz|distancia|distância|distanza|расстояние|距离|距離|거리|weit|entfernt|lejos|loin|longe|lontano|"
                 "далеко|多远|遠い|멀어"},
    {"elevation altitude", "höhe|elevación|elevação|altitudine|высота|海拔|高度|標高|고도"},
    {"nearby", "nähe|cerca de|proche|près|perto|vicino|рядом|附近|近く|근처"},
    {"restaurant restaurants", "ristorante|ristoranti|ресторан|рестораны|餐厅|饭店|レストラン|식당|레스토랑"},
    {"configuration config settings", "konfiguration|einstellung|einstellungen|paramètres|parametres|réglages|"
                                      "reglages|configuración|configuracion|ajustes|configuração|configuracao|"
                                      "configurações|configuracoes|definições|definicoes|configurazione|"
                                      "impostazioni|конфигурация|настройка|настройки|настроить|配置|设置|設定|構成|"
                                      "설정"},
    {"resource", "ressource|ressourcen|ressources|recurso|recursos|risorsa|risorse|ресурс|ресурсы|资源|リソース|"
                 "리소스"},
    {"status", "état|etat|estado|estados|статус|状态|ステータス|状態|상태"},
    {"action", "aktion|aktionen|acción|accion|acciones|ação|acao|ações|acoes|azione|azioni|действие|действия|动作|"
               "アクション|액션"},
    {"application app", "anwendung|anwendungen|applikation|aplicación|aplicacion|aplicaciones|aplicação|aplicacao|"
                        "aplicações|aplicacoes|aplicativo|aplicativos|applicazione|applicazioni|приложение|"
                        "приложения|应用|アプリ|애플리케이션|어플리케이션|앱"},
    {"tag", "schlagwort|schlagwörter|stichwort|étiquette|étiquettes|etiqueta|etiquetas|etichetta|etichette|тег|"
            "теги|метка|метки|标签|タグ|태그"},
    {"type", "typen|tipo|tipos|тип|типы|类型|タイプ|種類|유형|타입"},
    {"block", "bloque|bloques|bloco|blocos|blocco|blocchi|блок|блоки|区块|ブロック|블록"},
    {"entry", "eintrag|einträge|eintraege|entrada|entradas|запись|записи|条目|エントリ|항목|엔트리"},
    {"asset", "ассет|ассеты|素材|アセット|에셋"},
    {"deployment deploy", "bereitstellen|bereitstellung|deployen|déployer|déploie|déploiement|déploiements|"
                          "desplegar|despliega|despliegue|despliegues|implantar|implantação|implantacao|деплой|"
                          "задеплоить|задеплой|развернуть|разверни|развертывание|развёртывание|部署|デプロイ|배포"},
    {"source", "quellen|origen|orígenes|origenes|origem|origens|sorgente|sorgenti|источник|источники|来源|ソース|"
               "소스|출처"},
    {"event", "ereignis|ereignisse|événements|eventi|事件"},
    {"flag", "drapeau|drapeaux|bandera|banderas|bandeira|bandeiras|bandiera|флаг|флаги|开关|フラグ|플래그"},
    {"feature", "funktionalität|fonctionnalité|fonctionnalités|fonctionnalite|funcionalidad|funcionalidades|"
                "funcionalidade|funzionalità|funzionalita|фича|фичи|功能|機能|기능"},
    {"property", "eigenschaft|eigenschaften|propriété|propriétés|propriete|proprietes|propiedad|propiedades|"
                 "propriedade|propriedades|proprietà|proprieta|свойство|свойства|属性|プロパティ|속성"},
    {"feedback", "rückmeldung|rueckmeldung|rückmeldungen|retroalimentación|retroalimentacion|riscontro|отзыв|"
                 "отзывы|обратная связь|反馈|フィードバック|피드백"},
    {"process", "prozess|prozesse|processus|proceso|procesos|processo|processi|процесс|процессы|进程|プロセス|"
                "프로세스"},
    {"stats statistics", "statistik|statistiken|statistiques|estadísticas|estadisticas|estatísticas|estatisticas|"
                         "statistiche|статистика|统计|統計|통계"},
    {"batch bulk", "stapel|stapelweise|пакетно|批量|批处理|バッチ|一括|배치|일괄"},
    {"category", "kategorie|kategorien|catégorie|catégories|categorie|categoría|categorías|categoria|categorias|"
                 "категория|категории|类别|分类|カテゴリ|카테고리"},
    {"webhook", "вебхук|вебхуки|ウェブフック|웹훅"},
    {"section", "abschnitt|abschnitte|sección|seccion|secciones|seção|secao|seções|secoes|secção|sezione|sezioni|"
                "раздел|разделы|секция|章节|セクション|섹션"},
    {"secret", "geheimnis|geheimnisse|secreto|secretos|segredo|segredos|segreto|segreti|секрет|секреты|机密|秘密|"
               "シークレット|시크릿|비밀"},
    {"agent", "agenti|агент|агенты|智能体|代理|エージェント|에이전트"},
    {"chart", "diagramm|diagramme|graphique|graphiques|gráfico|grafico|gráficos|graficos|grafici|диаграмма|график|"
              "графики|图表|チャート|차트"},
    {"pipeline", "пайплайн|пайплайны|конвейер|流水线|パイプライン|파이프라인"},
    {"subscription", "abonnement|abonnements|suscripción|suscripcion|suscripciones|assinatura|assinaturas|abbonamento|"
                     "abbonamenti|подписка|подписку|подписки|订阅|サブスクリプション|サブスク|구독"},
    {"discount", "rabatt|rabatte|rabattcode|remise|remises|réduction|descuento|descuentos|desconto|descontos|sconto|sconti|"
                 "скидка|скидку|скидки|折扣|优惠|割引|할인"},
    {"refund", "rückerstattung|rueckerstattung|erstatten|erstatte|zurückerstatten|rembourser|rembourse|remboursement|"
               "reembolso|reembolsar|reembolsa|rimborso|rimborsare|rimborsa|возврат|退款|返金|환불"},
    {"dashboard", "tableau de bord|дашборд|дашборды|仪表板|仪表盘|ダッシュボード|대시보드"},
    {"flight flights", "flug|flüge|fluege|vuelo|vuelos|voo|voos|volo|voli|рейс|рейсы|авиарейс|航班|机票|フライト|航空券|"
                       "항공편|항공권"},
    {"history", "verlauf|historique|historial|histórico|historico|cronologia|storico|история|историю|历史|历史记录|"
                "履歴|이력|기록"},
    {"model models", "modell|modelle|modèle|modèles|modelo|modelos|modello|modelli|модель|модели|моделей|模型|モデル|"
                     "모델"},
    {"security vulnerability", "sicherheit|sicherheitslücke|sicherheitslücken|schwachstelle|schwachstellen|sécurité|"
                               "vulnérabilité|vulnérabilités|seguridad|vulnerabilidad|vulnerabilidades|segurança|"
                               "vulnerabilidade|sicurezza|vulnerabilità|безопасность|уязвимость|уязвимости|安全|漏洞|"
                               "セキュリティ|脆弱性|보안|취약점"},
    {"sitemap", "plan du site|mapa del sitio|mapa do site|mappa del sito|карта сайта|站点地图|网站地图|サイトマップ|사이트맵"},
    {"hotspot hotspots", "热点|ホットスポット|핫스팟"},
    // Shops, accounts and their books.
    {"product products", "produkt|produkte|produit|produits|producto|productos|produto|produtos|prodotto|prodotti|товар|"
                         "товары|товаров|продукт|продукты|商品|产品|製品|상품|제품"},
    {"order orders", "bestellung|bestellungen|pedido|pedidos|encomenda|encomendas|ordine|ordini|заказ|"
                     "заказы|заказа|заказов|订单|注文|주문"},
    {"customer customers", "kunde|kunden|kundin|clienti|клиент|клиента|клиенты|клиентов|покупатель|"
                           "покупатели|客户|顾客|顧客|お客様|고객"},
    {"invoice bill", "rechnung|rechnungen|facture|factures|factura|facturas|fatura|faturas|fattura|fatture|счёт|счет|"
                     "фактура|发票|账单|請求書|インボイス|청구서|인보이스"},
    {"payment", "zahlung|zahlungen|bezahlung|paiement|paiements|pago|pagos|pagamento|pagamentos|pagamenti|платёж|платеж|"
                "платежи|оплата|оплату|付款|支付|支払い|決済|결제|지불"},
    {"shipping", "versand|lieferung|livraison|expédition|envío|envio|envíos|entrega|spedizione|consegna|доставка|"
                 "доставку|доставки|配送|运费|発送|배송"},
    {"account", "konto|konten|compte|comptes|cuenta|cuentas|conta|contas|conto|conti|аккаунт|счёт|счет|账户|账号|帐户|"
                "アカウント|口座|계정|계좌"},
    {"report", "bericht|berichte|rapport|rapports|reporte|reportes|relatório|relatorio|relatórios|"
               "relatorios|rapporto|rapporti|отчёт|отчет|отчёты|отчеты|отчёта|отчета|报告|报表|レポート|報告書|보고서|리포트"},
    {"coupon", "gutschein|gutscheine|gutscheincode|kupon|cupón|cupon|cupones|cupom|cupons|buono sconto|купон|купоны|"
               "промокод|优惠券|クーポン|쿠폰"},
    {"inventory stock", "lagerbestand|bestand|inventaire|existencias|inventario|estoque|scorte|giacenza|giacenze|"
                        "magazzino|запас|запасы|остаток|остатки|склад|库存|在庫|재고"},
    {"profit", "gewinn|gewinne|bénéfice|bénéfices|benefice|ganancia|ganancias|beneficio|beneficios|lucro|lucros|profitto|"
               "прибыль|прибыли|прибылях|利润|利益|이익|수익"},
    {"loss", "verlust|verluste|perte|pertes|pérdida|pérdidas|perdida|perdidas|prejuízo|prejuizo|perdita|perdite|убыток|"
             "убытки|убытках|убытков|亏损|損失|손실"},
    {"recipe recipes", "rezept|rezepte|recette|recettes|receta|recetas|receita|receitas|ricetta|ricette|рецепт|рецепты|"
                       "рецептов|食谱|菜谱|レシピ|레시피|요리법"},
    {"unread", "ungelesen|ungelesene|ungelesenen|non lu|non lus|non lues|no leído|no leídos|no leidos|não lido|não lidos|"
               "nao lidos|não lidas|non letto|non letti|непрочитанные|непрочитанных|непрочитанное|未读|未読|읽지 않은|"
               "안 읽은"},
    {"activity activities", "aktivität|aktivitäten|aktivitaeten|activité|activités|actividad|actividades|atividade|"
                            "atividades|attività|attivita|активность|активности|тренировка|тренировки|тренировок|活动|"
                            "活動|アクティビティ|활동"},
    {"environment", "umgebung|umgebungen|environnement|environnements|entorno|entornos|окружение|окружения|среда|"
                    "среды|环境|環境|환경"},
    // Wallets, vaults, spreadsheets and voice agents (the eighth held-out set's first run).
    {"balance", "kontostand|guthaben|saldo|saldos|баланс|остаток средств|余额|残高|잔액|잔고"},
    {"wallet", "brieftasche|portefeuille|cartera|carteira|portafoglio|кошелёк|кошелек|кошелька|钱包|ウォレット|지갑"},
    {"cell cells", "zelle|zellen|cellule|cellules|celda|celdas|célula|células|cella|ячейка|ячейки|ячеек|单元格|セル|셀"},
    {"row rows", "zeile|zeilen|ligne|lignes|fila|filas|linha|linhas|riga|righe|строка|строки|строку"},
    {"column columns", "spalte|spalten|colonne|colonnes|columna|columnas|coluna|colunas|colonna|столбец|столбцы|"
                       "колонка|колонки|カラム|컬럼"},
    {"vault", "tresor|coffre-fort|coffre fort|bóveda|boveda|cofre|cassaforte|хранилище|保险库|金库|保管庫|金庫|보관함|금고"},
    {"lock", "sperren|sperre|verrouiller|verrouille|bloquear|bloquea|bloqueie|bloccare|blocca|заблокировать|заблокируй|"
             "锁定|锁上|ロック|ロックして|잠금|잠가|잠가줘"},
    {"transaction transactions", "transaktion|transaktionen|transacción|transaccion|transacciones|transação|transacao|"
                                 "transações|transacoes|transazione|transazioni|транзакция|транзакцию|транзакции|交易|"
                                 "トランザクション|取引|트랜잭션|거래"},
    {"call phone", "anrufen|ruf an|chiamare|chiama|telefonare|позвонить|позвони|звонок|打电话|致电|"
                   "電話|電話して|전화|전화해|전화해줘|걸어줘"},
    {"assistant assistants", "assistent|assistenten|assistentin|asistente|asistentes|assistente|assistenti|ассистент|"
                             "ассистента|помощник|助手|助理|アシスタント|秘書|비서|어시스턴트"},
    {"voice", "stimme|sprachassistent|voix|voz|voce|голос|голосовой|голосового|语音|音声|음성"},
    {"preview", "vorschau|aperçu|apercu|vista previa|prévia|previa|pré-visualização|anteprima|предпросмотр|"
                "предварительный просмотр|预览|プレビュー|미리보기"},
    {"trending popular", "angesagt|beliebt|beliebte|tendance|tendances|populaire|populaires|tendencia|tendencias|"
                         "tendências|di tendenza|popolari|популярные|популярное|тренды|热门|流行|人気|"
                         "急上昇|트렌드|인기"},
    // The words tool catalogs use most that the concepts above did not have: content words of
    // the tools' names and descriptions found in four or more of eleven catalogs (Seal-Tools,
    // MetaTool, the built-in catalog and the first eight held-out sets), ranked by how many
    // tools use them. Left out: other languages' words that are the English word ("format",
    // "test"); Korean 계산 (calculate), which as a bigram is inside 손익계산서 (income
    // statement); French "connexion" and "se connecter", which also mean logging in, and with
    // them the whole "connect" concept, whose Spanish "conexión" is one edit from "connexion".
    {"name", "namen|nom|noms|nombre|nombres|nome|nomes|nomi|имя|имени|названия|名称|名字|名前|이름"},
    {"result results", "ergebnis|ergebnisse|résultat|résultats|resultat|resultado|resultados|risultato|risultati|"
                       "результат|результаты|результатов|结果|結果|결과"},
    {"response", "antwort|antworten|réponse|réponses|respuesta|respuestas|resposta|respostas|risposta|risposte|ответ|"
                 "ответы|响应|応答|응답"},
    {"server servers", "serveur|serveurs|servidor|servidores|сервер|сервера|серверы|服务器|サーバー|サーバ|서버"},
    {"service services", "dienst|dienste|servicio|servicios|serviço|servico|serviços|servizio|servizi|сервис|сервиса|"
                         "служба|服务|サービス|서비스"},
    {"format", "formato|formatos|formati|формат|格式|フォーマット|書式|형식|포맷"},
    {"output", "ausgabe|sortie|salida|saída|saida|вывод|输出|出力|출력"},
    {"date", "datum|fecha|fechas|дата|даты|日期|日付|날짜"},
    {"filter", "filtern|filtere|filtre|filtrer|filtres|filtrar|filtra|filtro|filtros|filtrare|filtri|фильтр|фильтры|"
               "фильтровать|отфильтруй|筛选|过滤|フィルター|フィルタ|絞り込み|필터"},
    {"path", "pfad|pfade|chemin|ruta|caminho|percorso|путь|пути|路径|パス|경로"},
    {"analyze analysis", "analysieren|analysiere|analyser|analysez|análisis|analisis|analizar|analiza|análise|analise|"
                         "analisar|analisi|analizzare|analizza|анализ|анализа|анализировать|проанализируй|分析|분석"},
    {"limit", "grenze|grenzwert|limite|limites|límite|límites|лимит|лимиты|ограничение|限制|上限|制限|제한"},
    {"performance", "leistung|rendimiento|desempenho|prestazioni|производительность|性能|パフォーマンス|성능"},
    {"system", "système|systeme|sistema|sistemas|система|системы|系统|システム|시스템"},
    {"context", "kontext|contexte|contexto|contesto|контекст|上下文|コンテキスト|文脈|컨텍스트|맥락"},
    {"session sessions", "sitzung|sitzungen|sesión|sesiones|sessão|sessões|sessione|sessioni|сессия|сессии|会话|"
                         "セッション|세션"},
    {"start", "starten|starte|démarrer|démarre|iniciar|inicia|empezar|comenzar|começar|avviare|avvia|iniziare|inizia|"
              "запустить|запусти|начать|начни|启动|开始|開始|起動|시작"},
    {"language", "sprache|sprachen|langue|langues|idioma|idiomas|lengua|língua|lingua|lingue|язык|языка|языки|语言|"
                 "言語|언어"},
    {"sort", "sortieren|sortiere|trier|triez|ordenar|ordena|ordinare|ordina|сортировать|сортировка|отсортируй|排序|"
             "並べ替え|ソート|정렬"},
    {"schema", "esquema|esquemas|схема|схемы|スキーマ|스키마"},
    {"title", "titel|titre|titres|título|titulo|títulos|titolo|titoli|заголовок|标题|タイトル|제목"},
    {"metrics", "metrik|metriken|kennzahlen|métrique|métriques|métrica|métricas|metrica|metriche|метрика|метрики|指标|"
                "指標|メトリクス|지표|메트릭"},
    {"log logs", "protokoll|protokolle|journaux|registros|registri|лог|логи|журнал|日志|ログ|로그"},
    {"notification notifications", "benachrichtigung|benachrichtigungen|notificación|notificaciones|notificação|"
                                   "notificações|notifica|notifiche|уведомление|уведомления|通知|알림"},
    {"question questions", "frage|fragen|pregunta|preguntas|pergunta|perguntas|domanda|domande|вопрос|вопросы|質問|질문"},
    {"book books", "buch|bücher|buecher|livre|livres|libro|libros|livro|livros|libri|книга|книги|книгу|书籍|图书|書籍|책"},
    {"confirm", "bestätigen|bestätige|confirmer|confirmez|confirmar|confirma|confermare|conferma|подтвердить|подтверди|"
                "确认|確認"},
    {"calculate", "berechnen|berechne|calculer|calcule|calcular|calcula|calcolare|calcola|вычислить|вычисли|рассчитать|"
                  "рассчитай|посчитать|посчитай|计算|計算"},
    {"test tests", "prueba|pruebas|teste|testes|тест|тесты|测试|テスト|테스트"},
    {"member members", "mitglied|mitglieder|membre|membres|miembro|miembros|membro|membros|membri|участник|участники|"
                       "成员|メンバー|멤버|구성원"},
    {"group groups", "gruppe|gruppen|groupe|groupes|grupo|grupos|gruppo|gruppi|группа|группы|группу|群组|分组|グループ|"
                     "그룹"},
    {"permission permissions", "berechtigung|berechtigungen|permiso|permisos|permissão|permissões|permesso|permessi|"
                               "разрешение|разрешения|权限|権限|권한"},
    {"version versions", "versión|versiones|versão|versões|versione|versioni|версия|версии|版本|バージョン|버전"},
    {"storage", "speicher|stockage|almacenamiento|armazenamento|archiviazione|存储|ストレージ|스토리지|저장소"},
    {"share", "teilen|teile|partager|partage|compartir|comparte|compartilhar|condividere|condividi|поделиться|分享|"
              "共享|共有|공유"},
    {"login sign in", "anmelden|anmeldung|iniciar sesión|accedere|войти|вход|登录|ログイン|로그인"},
    {"compare", "vergleichen|vergleiche|comparer|comparez|comparar|compara|confrontare|confronta|сравнить|сравни|比较|"
                "比較|비교"},
    {"export", "exportieren|exporter|exportar|esportare|esporta|экспорт|экспортировать|导出|エクスポート|내보내기"},
    {"import", "importieren|importer|importar|importare|importa|импорт|импортировать|导入|インポート"},
    {"team teams", "équipe|équipes|equipo|equipos|equipe|equipes|squadra|团队|チーム|팀"},
    {"schedule", "zeitplan|planifier|programar|agendar|pianificare|programmare|расписание|запланировать|日程|"
                 "スケジュール|予定|일정"},
    {"domain domains", "domäne|domaine|dominio|domínio|dominios|домен|домены|域名|ドメイン|도메인"},
    {"sync synchronize", "synchronisieren|synchroniser|sincronizar|sincronizzare|синхронизировать|同步|同期|동기화"},
    {"access", "zugriff|zugang|accès|acceso|acesso|accesso|доступ|접근"},
    {"destination", "ziel|destino|destinazione|назначение|目的地|宛先|목적지"},
    {"metadata", "metadaten|métadonnées|metadatos|metadados|metadati|метаданные|元数据|メタデータ|메타데이터"},
    {"today", "heute|heutige|heutigen|aujourd'hui|hoy|hoje|oggi|сегодня|сегодняшний|сегодняшние|今天|今日|오늘"},
    {"recent latest", "neueste|neuesten|récent|récents|récente|récentes|reciente|recientes|último|últimos|recente|"
                      "recentes|recenti|ultimo|ultimi|последний|последние|недавние|最近|最新|최근|최신"},
    {"total", "gesamt|insgesamt|summe|somme|suma|soma|totale|итого|总计|合计|合計|합계"},
    {"amount", "betrag|montant|cantidad|quantia|importo|сумма|金额|金額|금액"},
    {"clear empty", "leeren|leere|vider|vaciar|vacía|vacia|limpar|svuotare|svuota|очистить|очисти|清空|クリア|비우기|비워"},
    {"wait", "warten|warte|attendre|attends|esperar|espera|aguardar|aspettare|aspetta|подождать|подожди|ждать|等待|"
             "待つ|待って|기다려|대기"},
    {"field fields", "feld|felder|champ|champs|campo|campos|campi|поле|поля|字段|フィールド|필드"},
    {"item items", "élément|éléments|elemento|elementos|elementi|элемент|элементы|条目|アイテム|항목"},
    {"option options", "optionen|opción|opciones|opção|opções|opzione|opzioni|опция|опции|选项|オプション|옵션"},
    {"job jobs", "задание|задания|作业|ジョブ"},
    {"help", "hilfe|aide|ayuda|ajuda|aiuto|помощь|帮助|ヘルプ|도움말"},
    {"sales", "umsatz|umsätze|verkäufe|ventes|ventas|vendas|vendite|продажи|продаж|销售|销量|売上|売り上げ|매출"},
    {"workspace", "arbeitsbereich|espace de travail|espacio de trabajo|espaço de trabalho|area di lavoro|"
                  "рабочее пространство|工作区|ワークスペース|워크스페이스"},
    // The things tools in other common domains act on: devices and installs, shopping and
    // deliveries, media, bookings, health, people and documents, infrastructure.
    {"device devices", "gerät|geräte|geraet|appareil|appareils|dispositivo|dispositivos|dispositivi|"
                       "устройство|устройства|устройстве|设备|装置|デバイス|端末|기기|장치|디바이스"},
    {"install", "installieren|installiere|installer|installe|installez|instalar|instala|instale|installare|"
                "installa|установить|установи|установка|安装|インストール|설치|설치해"},
    {"launch start", "lancer|lancez|iniciar|inicia|inicie|avviare|avvia|запустить|запусти|启动|起動|起動して|구동"},
    {"budget budgets", "presupuesto|presupuestos|orçamento|orçamentos|бюджет|бюджета|预算|予算|예산"},
    {"delivery deliveries", "lieferung|lieferungen|livraison|livraisons|entrega|entregas|consegna|consegne|"
                            "доставка|доставку|доставки|配送|送货|配達|배송|배달"},
    {"cart basket", "warenkorb|panier|carrito|carrinho|carrello|корзина|корзину|корзине|购物车|カート|買い物かご|장바구니"},
    {"bookmark bookmarks favorite favorites", "lesezeichen|favoriten|favoris|favori|marcador|marcadores|"
                                              "favoritos|favorito|segnalibro|segnalibri|preferiti|закладка|"
                                              "закладки|закладку|избранное|书签|收藏|ブックマーク|お気に入り|북마크|즐겨찾기"},
    {"forum", "foro|fórum|форум|форуме|论坛|掲示板|フォーラム|포럼|게시판"},
    {"volume", "lautstärke|lautstaerke|volumen|громкость|音量|볼륨|음량"},
    {"music", "musik|musique|música|musica|музыка|музыку|音乐|音楽|음악"},
    {"song songs", "lieder|chanson|chansons|canción|canciones|cancion|canção|canções|canzone|canzoni|песня|"
                   "песню|песни|歌曲|노래"},
    {"playlist playlists", "wiedergabeliste|liste de lecture|lista de reproducción|lista de reprodução|"
                           "плейлист|плейлисты|播放列表|歌单|プレイリスト|플레이리스트"},
    {"audio sound", "tonspur|sonido|suono|звук|音频|声音|オーディオ|音声|오디오|소리"},
    {"track tracks", "spuren|piste|pistes|pista|pistas|faixa|faixas|traccia|tracce|дорожка|дорожку|трек|"
                     "треки|音轨|トラック|트랙"},
    {"meal meals food", "mahlzeit|mahlzeiten|lebensmittel|repas|nourriture|comida|comidas|platos|refeição|"
                        "refeições|prato|pratos|pasto|pasti|piatto|piatti|cibo|еда|еду|блюдо|блюда|菜品|食物|饭菜|"
                        "食事|料理|食べ物|음식|식사|요리"},
    {"ticket tickets", "billet|billets|boleto|boletos|bilhete|bilhetes|biglietto|biglietti|билет|билеты|门票|"
                       "チケット|티켓"},
    {"booking reservation appointment", "buchung|buchungen|reservierung|buchen|termin|réservation|réserver|"
                                        "réserve|reserva|reservas|reservar|cita|citas|agendamento|"
                                        "prenotazione|prenotare|prenota|appuntamento|бронирование|"
                                        "забронировать|забронируй|бронь|预订|预约|予約|예약"},
    {"password passwords", "passwort|kennwort|mot de passe|contraseña|contrasena|senha|senhas|пароль|пароли|"
                           "密码|パスワード|비밀번호"},
    {"backup", "sicherung|sicherungskopie|sauvegarde|sauvegarder|copia de seguridad|respaldo|"
               "cópia de segurança|резервная копия|бэкап|备份|バックアップ|백업"},
    {"restore", "wiederherstellen|stelle wieder her|restaurer|restaure|restaurar|restaura|ripristinare|"
                "ripristina|восстановить|восстанови|恢复|还原|復元|リストア|복원|복구"},
    {"alert alerts", "warnung|warnungen|alerte|alertes|alerta|alertas|allarme|avviso|avvisi|оповещение|"
                     "оповещения|предупреждение|警报|告警|アラート|警告|경고"},
    {"template templates", "vorlage|vorlagen|plantilla|plantillas|шаблон|шаблоны|模板|テンプレート|템플릿"},
    {"workflow workflows", "arbeitsablauf|arbeitsabläufe|flux de travail|flujo de trabajo|fluxo de trabalho|"
                           "flusso di lavoro|рабочий процесс|工作流|ワークフロー|워크플로"},
    {"contract contracts", "vertrag|verträge|contrat|contrats|contrato|contratos|contratto|contratti|договор|"
                           "договора|контракт|合同|契約|계약"},
    {"print", "drucken|drucke|drucker|imprimer|imprime|imprimante|imprimir|impresora|impressora|stampare|"
              "stampante|печать|распечатать|распечатай|принтер|打印|印刷|プリンター|인쇄|프린터"},
    {"camera cameras", "kamera|kameras|caméra|cámara|câmera|fotocamera|telecamera|камера|камеры|相机|摄像头|カメラ|"
                       "카메라"},
    {"temperature", "temperatur|température|temperatura|температура|温度|온도"},
    {"light lights lamp", "licht|lichter|lampe|lumière|lumières|luz|luces|luzes|lâmpada|luce|luci|свет|лампа|"
                          "灯光|照明|ライト|조명"},
    {"health", "gesundheit|santé|salud|saúde|здоровье|健康|건강"},
    {"weight", "gewicht|poids|вес|体重|重量|몸무게|무게"},
    {"workout exercise training", "trainings|entraînement|ejercicio|ejercicios|entrenamiento|treino|treinos|"
                                  "exercício|allenamento|esercizio|esercizi|тренировка|тренировку|упражнение|"
                                  "锻炼|训练|健身|ワークアウト|トレーニング|運動|운동|트레이닝"},
    {"sleep", "schlaf|sommeil|sueño|sonno|сон|сна|睡眠|수면"},
    {"patient patients", "paciente|pacientes|paziente|pazienti|пациент|пациента|пациенты|患者|病人|환자"},
    {"doctor", "arzt|ärztin|médecin|médico|medico|dottore|врач|доктор|医生|医者|医師|의사"},
    {"candidate candidates", "kandidat|kandidaten|bewerber|candidat|candidats|candidato|candidatos|candidati|"
                             "кандидат|кандидата|кандидаты|候选人|応募者|候補者|지원자|후보자"},
    {"resume cv", "lebenslauf|currículum|currículo|резюме|简历|履歴書|이력서"},
    {"employee employees", "mitarbeiter|mitarbeiterin|angestellte|employé|employés|empleado|empleados|"
                           "funcionário|funcionários|dipendente|dipendenti|сотрудник|сотрудники|员工|従業員|社員|직원"},
    {"invite invitation", "einladen|einladung|lade ein|inviter|invitar|invitación|convidar|convite|invitare|"
                          "invito|пригласить|пригласи|приглашение|邀请|招待|초대"},
    {"chat conversation", "unterhaltung|gespräch|gespräche|conversación|conversa|conversazione|чат|беседа|"
                          "диалог|聊天|对话|会話|チャット|대화|채팅"},
    {"skip", "überspringen|überspringe|ueberspringen|sauter|saltar|salta|salte|pular|pule|saltare|пропустить|"
             "пропусти|跳过|スキップ|건너뛰기|건너뛰어"},
    {"network", "netzwerk|réseau|rede|rete|сеть|сети|网络|ネットワーク|네트워크"},
    {"container containers", "conteneur|conteneurs|contenedor|contenedores|contêiner|contenitore|контейнер|"
                             "контейнеры|容器|コンテナ|컨테이너"},
    {"certificate", "zertifikat|certificat|certificado|certificato|сертификат|证书|証明書|인증서"},
    {"battery", "akku|batterie|batería|bateria|batteria|батарея|аккумулятор|电池|电量|バッテリー|電池|배터리"},
    {"newsletter subscribers", "abonnent|abonnenten|abonné|abonnés|suscriptor|suscriptores|boletín|assinante|"
                               "assinantes|iscritto|iscritti|подписчик|подписчики|рассылка|рассылку|订阅者|購読者|"
                               "ニュースレター|구독자|뉴스레터"},
    {"face", "gesicht|visage|rostro|rosto|viso|лицо|лица|人脸|面部|얼굴"},
    {"debug", "debuggen|déboguer|deboguer|depurar|debuggare|отладка|отладить|调试|デバッグ|디버그|디버깅"},
    {"breakpoint breakpoints", "haltepunkt|haltepunkte|point d'arrêt|punto de interrupción|"
                               "ponto de interrupção|punto di interruzione|точка останова|断点|ブレークポイント|중단점"},
    {"sensor sensors", "capteur|capteurs|sensore|sensori|датчик|датчики|传感器|センサー|센서"},
    {"energy electricity", "energie|strom|énergie|électricité|energía|electricidad|eletricidade|elettricità|"
                           "энергия|электричество|能源|电力|エネルギー|電力|에너지|전력"},
    {"vehicle car", "fahrzeug|voiture|véhicule|coche|vehículo|veículo|veicolo|автомобиль|машина|машину|汽车|车辆|"
                    "自動車|자동차|차량"},
    {"hotel", "отель|гостиница|酒店|ホテル|호텔"},
    {"parking", "parkplatz|stationnement|estacionamiento|aparcamiento|estacionamento|parcheggio|парковка|停车|"
                "駐車|주차"},
    {"reminder", "erinnerung|recordatorio|lembrete|promemoria|напоминание|提醒|リマインダー|리마인더"},
    {"article post", "artikel|artículo|artigo|articolo|статья|статью|文章|記事|기사|게시물"},
    {"blog", "блог|博客|ブログ|블로그"},
    {"podcast", "подкаст|播客|ポッドキャスト|팟캐스트"},
    {"movie film", "filme|película|películas|фильм|фильмы|电影|映画|영화"},
    {"game games", "spiel|spiele|jeu|jeux|juego|juegos|jogo|jogos|gioco|giochi|игра|игры|игру|游戏|ゲーム|게임"},
    {"cryptocurrency crypto", "kryptowährung|cryptomonnaie|criptomoneda|criptomoeda|criptovaluta|"
                              "криптовалюта|加密货币|暗号資産|仮想通貨|암호화폐|가상화폐"},
    {"course courses", "kurs|kurse|cours|curso|cursos|corso|corsi|курс|курсы|课程|講座|강의|강좌"},
    {"student students", "schüler|studenten|étudiant|étudiants|élève|élèves|estudiante|estudiantes|alumno|"
                         "alumnos|aluno|alunos|estudante|studente|studenti|студент|студенты|ученик|学生|生徒|학생"},
    {"trip travel", "reise|reisen|viaje|viajes|viagem|viaggio|путешествие|поездка|旅行|여행"},
};

}  // namespace

void append_language_entries(std::vector<std::pair<std::string_view, std::string_view>>& out) {
  for (const Concept& c : kConcepts) {
    any_word_of(c.words, [&](std::string_view word) {
      out.emplace_back(word, c.meaning);
      return false;
    });
  }
}

bool is_language_word(std::string_view word) {
  static const TermDictionary words = [] {
    TermDictionary all;
    for (const Concept& c : kConcepts) {
      any_word_of(c.words, [&](std::string_view w) {
        all.intern(w);
        return false;
      });
    }
    return all;
  }();
  return words.find(word) != TermDictionary::kNone;
}

}  // namespace toolsearch
